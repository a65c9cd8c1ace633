import { Play } from 'lucide-react';
import { formatHms, type InsightCitation } from '@parley/contracts';
import { cn } from '../../lib/cn';

/** speaker_NN in a model's text becomes the participant's name (spec 2 §2, §4). */
export function withSpeakerNames(text: string, names: Record<string, string>): string {
  return text.replace(/\bspeaker_(\d{2})\b/g, (label, n: string) => {
    const named = names[label]?.trim();
    return named ? named : `Speaker ${Number(n) + 1}`;
  });
}

/**
 * The moments an insight rests on, as buttons that seek the video (DESIGN: every insight
 * links to its cited moment). Nothing is shown when the model cited nothing.
 */
export function MomentLinks({
  citations,
  onSeek,
  names,
  className,
}: {
  citations: readonly InsightCitation[] | undefined;
  onSeek(time: number): void;
  names: Record<string, string>;
  className?: string;
}) {
  if (!citations || citations.length === 0) return null;
  return (
    <span className={cn('inline-flex flex-wrap gap-1 align-middle', className)}>
      {citations.slice(0, 3).map((c) => {
        const at = formatHms(c.start);
        const quote = c.quote ? withSpeakerNames(`${c.speaker ?? ''}: ${c.quote}`, names) : at;
        return (
          <button
            key={c.start}
            type="button"
            data-moment={c.start}
            onClick={() => onSeek(c.start)}
            title={quote}
            aria-label={`Play from ${at}`}
            className="tabular inline-flex h-5 items-center gap-0.5 rounded-control border border-border bg-surface-2 px-1.5 text-[11px] font-medium text-accent-text hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            <Play className="size-2.5" aria-hidden />
            {at}
          </button>
        );
      })}
    </span>
  );
}
