import { ListChecks } from 'lucide-react';
import { INSIGHT_MESSAGES, type InsightItem } from '@parley/contracts';
import { Spinner } from '../../ui';
import { MomentLinks, withSpeakerNames } from './MomentLink';

interface Props {
  /** The result of the prompt named 'Action Items'. */
  item: InsightItem | undefined;
  loading: boolean;
  names: Record<string, string>;
  onSeek(time: number): void;
}

/** Spec 2 §2 Action Items: the non-empty lines, speaker_NN replaced by names. */
export function ActionItemsPanel({ item, loading, names, onSeek }: Props) {
  if (loading) {
    return (
      <div className="grid min-h-60 place-items-center">
        <Spinner className="size-5 text-accent" label="Loading action items" />
      </div>
    );
  }
  const lines = Array.isArray(item?.result)
    ? item.result
        .map((text, i) => ({ text: text.trim(), citations: item.citations.items[i] }))
        .filter((l) => l.text.length > 0)
    : [];
  if (lines.length === 0) {
    return (
      <div className="flex min-h-60 flex-col items-center justify-center gap-3 p-6 text-center">
        <ListChecks className="size-5 text-subtle" aria-hidden />
        <p className="max-w-64 text-sm text-muted">{INSIGHT_MESSAGES.noActionItems}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2 p-4" aria-label="Action items">
      {lines.map((l, i) => (
        <li
          key={i}
          className="flex items-start gap-3 rounded-card border border-border bg-surface p-3 text-sm"
        >
          <ListChecks className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <span className="text-fg">{withSpeakerNames(l.text, names)}</span>
            <MomentLinks citations={l.citations} onSeek={onSeek} names={names} />
          </div>
        </li>
      ))}
    </ul>
  );
}
