import { Film, ScanFace, Volume2, type LucideIcon } from 'lucide-react';
import { VIDEO_SIGNALS_MESSAGES, type VideoSource } from '@parley/contracts';

/** The empty state every video card shares, from the answer's `video` source, or null. */
export function videoEmpty(
  video: VideoSource | undefined,
  hasData: boolean,
): { icon: LucideIcon; text: string } | null {
  if (!video) return null;
  if (video.state === 'audio_only')
    return { icon: Volume2, text: VIDEO_SIGNALS_MESSAGES.audioOnly };
  if (video.state === 'not_analysed')
    return { icon: Film, text: VIDEO_SIGNALS_MESSAGES.notAnalysed };
  if (video.framesWithFaces === 0 || !hasData)
    return { icon: ScanFace, text: VIDEO_SIGNALS_MESSAGES.noFace };
  return null;
}

/** 'person_01' → 'Person 1'. */
export const personName = (id: string): string => {
  const n = Number(id.replace(/\D+/g, ''));
  return Number.isFinite(n) && n > 0 ? `Person ${n}` : id;
};

export const PERSON_COLOURS = [
  'var(--accent)',
  'var(--success)',
  'var(--warning)',
  'var(--danger)',
  'var(--text-muted)',
];

export const EMOTION_COLOURS: Record<string, string> = {
  neutral: 'var(--text-subtle)',
  happy: 'var(--success)',
  surprise: 'var(--accent)',
  sad: '#6b8cce',
  fear: '#9b7ad8',
  angry: 'var(--danger)',
  disgust: 'var(--warning)',
};

export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** A lip-sync verdict in words and badge tone (the words carry it, not the colour). */
export const LIP_SYNC_LABELS = {
  in_sync: ['In sync', 'success'],
  out_of_sync: ['Out of sync', 'danger'],
  insufficient_data: ['Not enough speech', 'neutral'],
} as const;
