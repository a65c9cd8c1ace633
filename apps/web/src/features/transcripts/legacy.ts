/** Reads transcript entries (spec 2 §3 Transcription entry) defensively for display. */
export interface TranscriptEntry {
  speaker: string;
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
}

const SPEAKER_PREFIX = /^\s*([^:\n]{1,60}):\s+([\s\S]*)$/;

function seconds(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.max(0, v);
  if (typeof v === 'string') {
    const parts = v.split(':').map(Number);
    if (parts.length > 0 && parts.length <= 3 && parts.every((p) => Number.isFinite(p)))
      return parts.reduce((acc, p) => acc * 60 + p, 0);
  }
  return null;
}

/** Entries with text; the speaker comes from a field or from a 'speaker: words' prefix. */
export function parseTranscript(raw: readonly unknown[] | undefined | null): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  for (const item of raw ?? []) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const value = [r.value, r.text, r.transcript].find((v) => typeof v === 'string') as
      string | undefined;
    if (!value?.trim()) continue;
    let speaker = typeof r.speaker === 'string' ? r.speaker.trim() : '';
    let text = value.trim();
    const m = SPEAKER_PREFIX.exec(text);
    if (!speaker && m?.[1] && m[2] !== undefined) {
      speaker = m[1].trim();
      text = m[2].trim();
    }
    const start = seconds(r.startTime ?? r.start ?? r.videoTime) ?? 0;
    const end = seconds(r.endTime ?? r.end) ?? start;
    out.push({ speaker: speaker || 'Speaker', text, start, end: Math.max(end, start) });
  }
  return out;
}

/** Speaker → colour index, in order of first appearance (the five-colour cycle). */
export function speakerIndexes(entries: readonly TranscriptEntry[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const e of entries) if (!map.has(e.speaker)) map.set(e.speaker, map.size);
  return map;
}

/** The entry being spoken at `time`, or -1. */
export function activeEntryIndex(entries: readonly TranscriptEntry[], time: number): number {
  return entries.findIndex((e) => time >= e.start && time < Math.max(e.end, e.start + 0.01));
}
