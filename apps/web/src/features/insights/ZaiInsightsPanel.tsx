import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { INSIGHT_MESSAGES, type InsightItem } from '@parley/contracts';
import { Skeleton } from '../../ui';
import { findItem } from './api';
import { MomentLinks, withSpeakerNames } from './MomentLink';
import { outOfTen } from './ScoreCard';

interface Props {
  data: readonly InsightItem[] | undefined;
  loading: boolean;
  names: Record<string, string>;
  onSeek(time: number): void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A prompt's result as a list: its lines, or a score's insights under the score. */
function ItemBody({
  item,
  names,
  onSeek,
}: {
  item: InsightItem;
  names: Record<string, string>;
  onSeek(t: number): void;
}) {
  const lines = Array.isArray(item.result) ? item.result : item.result.insights;
  return (
    <div className="flex flex-col gap-1.5">
      {Array.isArray(item.result) ? null : (
        <p className="text-sm">
          <span className="tabular font-semibold text-fg">{outOfTen(item.result.score)}</span>
          {item.promptName === 'Bias' ? (
            <span className="ml-2 text-xs text-muted">
              Higher is fairer: 10 means no sign of bias.
            </span>
          ) : null}
        </p>
      )}
      {lines.length === 0 ? (
        <p className="text-sm text-muted">Nothing found.</p>
      ) : (
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-fg">
          {lines.map((text, i) => (
            <li key={i}>
              {withSpeakerNames(text, names)}{' '}
              <MomentLinks citations={item.citations.items[i]} onSeek={onSeek} names={names} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const SECTIONS = ['Summary', 'Key Questions', 'Meeting Notes', 'Charisma', 'Bias'] as const;

/** Zai Insights: summary, key questions, meeting notes, charisma, bias and the sales prompts. */
export function ZaiInsightsPanel({ data, loading, names, onSeek }: Props) {
  if (loading) {
    return (
      <div
        className="flex flex-col gap-3 p-4"
        role="status"
        aria-busy="true"
        aria-label="Loading Zai insights"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  const sections = SECTIONS.map((name) => findItem(data, name)).filter(
    (i): i is InsightItem => i !== undefined,
  );
  const sales = (data ?? []).filter((i) => i.group === 'sales');
  if (sections.length === 0 && sales.length === 0) {
    return (
      <div className="flex min-h-60 flex-col items-center justify-center gap-3 p-6 text-center">
        <Sparkles className="size-5 text-subtle" aria-hidden />
        <p className="max-w-64 text-sm text-muted">{INSIGHT_MESSAGES.noInsights}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5 p-4">
      {[...sections, ...sales].map((item) => (
        <Section key={item.promptName} title={item.promptName}>
          <ItemBody item={item} names={names} onSeek={onSeek} />
        </Section>
      ))}
    </div>
  );
}
