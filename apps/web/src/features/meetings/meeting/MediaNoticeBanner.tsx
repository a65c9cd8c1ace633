import { FileWarning, Languages } from 'lucide-react';
import type { MediaNotice } from '@parley/contracts';

interface MediaNoticeBannerProps {
  notice: MediaNotice | null;
}

const TITLE: Record<MediaNotice['kind'], string> = {
  truncated: 'Only part of the recording could be read',
  unreadable_part: 'Part of the recording is damaged',
  unsupported_language: 'Language not supported by the transcription engine',
};

/** "16.8 s" or "2:05": how long a recording is, at the precision a warning needs. */
function length(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What the analysis could not read in the recording (a file that ends early, damaged parts, a
 * language the engine cannot transcribe), with the length it did analyse: every figure on the
 * page covers only that part.
 */
export function MediaNoticeBanner({ notice }: MediaNoticeBannerProps) {
  if (!notice) return null;
  const Icon = notice.kind === 'unsupported_language' ? Languages : FileWarning;
  const covered =
    notice.analysedSec !== undefined && notice.declaredSec !== undefined
      ? `Analyzed: ${length(notice.analysedSec)} of ${length(notice.declaredSec)}`
      : null;
  return (
    <div
      role="alert"
      data-testid="media-notice"
      data-kind={notice.kind}
      className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-card border border-warning/40 bg-warning-soft px-4 py-3"
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-semibold text-fg">{TITLE[notice.kind]}</p>
        <p className="text-sm break-words text-muted">{notice.message}</p>
      </div>
      {covered ? (
        // Beside the message when there is room; under it (aligned with the text) on a phone.
        <span className="tabular basis-full pl-7 text-sm font-medium whitespace-nowrap text-fg sm:basis-auto sm:pl-0">
          {covered}
        </span>
      ) : null}
    </div>
  );
}
