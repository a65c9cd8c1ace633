import { CircleCheck, CircleX, Gauge } from 'lucide-react';
import {
  HR_CATEGORIES,
  type InsightItem,
  type MeetingInsights,
  type ScoreResult,
} from '@parley/contracts';
import { Badge, Skeleton } from '../../ui';
import { ScoreCard } from './ScoreCard';
import { ScoreGauge } from './ScoreGauge';

/** The position that never sees a recommendation (spec 2 §5, §6). */
export const B2C_POSITION = 'B2CUSER';

type Scored = InsightItem & { result: ScoreResult };
const isScored = (i: InsightItem): i is Scored => !Array.isArray(i.result);

/** HR cards in the spec's order: 'Alerts' first, then Technical, Communication, Behavioral. */
export function orderedCards(data: readonly InsightItem[]): Scored[] {
  const rank = (name: string) => {
    const i = (HR_CATEGORIES as readonly string[]).indexOf(name);
    return i < 0 ? HR_CATEGORIES.length : i;
  };
  return data
    .filter((i) => i.group === 'hr')
    .filter(isScored)
    .sort(
      (a, b) => rank(a.promptName) - rank(b.promptName) || a.promptName.localeCompare(b.promptName),
    );
}

interface Props {
  insights: MeetingInsights | undefined;
  loading: boolean;
  position: string | null | undefined;
  names: Record<string, string>;
  onSeek(time: number): void;
}

/** Spec 2 §2 Candidate Analysis: gauge, recommendation and one card per evaluation prompt. */
export function CandidateAnalysis({ insights, loading, position, names, onSeek }: Props) {
  if (loading) {
    return (
      <div
        className="flex flex-col items-center gap-4 p-4"
        role="status"
        aria-busy="true"
        aria-label="Loading candidate analysis"
      >
        <Skeleton className="h-28 w-52" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  const cards = orderedCards(insights?.data ?? []);
  const overall = insights?.overallScore ?? null;
  if (!insights || (cards.length === 0 && overall === null)) {
    return (
      <div className="flex min-h-60 flex-col items-center justify-center gap-3 p-6 text-center">
        <Gauge className="size-5 text-subtle" aria-hidden />
        <p className="max-w-64 text-sm text-muted">
          Candidate scores appear here when Zai has analyzed the meeting.
        </p>
      </div>
    );
  }
  const threshold = insights.threshold;
  const recommended = overall !== null && overall >= threshold;
  return (
    <section className="flex flex-col gap-4 p-4" aria-label="Candidate Analysis">
      <div className="flex flex-col items-center gap-2">
        <h2 className="self-start text-sm font-semibold text-fg">Candidate Analysis</h2>
        {overall !== null ? <ScoreGauge score={overall} threshold={threshold} /> : null}
        {overall !== null && position !== B2C_POSITION ? (
          <Badge tone={recommended ? 'success' : 'danger'} data-testid="recommendation">
            {recommended ? <CircleCheck aria-hidden /> : <CircleX aria-hidden />}
            {recommended ? 'Recommended' : 'Not Recommended'}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-col gap-3">
        {cards.map((item) => (
          <ScoreCard
            key={item.promptName}
            item={item}
            threshold={threshold}
            names={names}
            onSeek={onSeek}
          />
        ))}
      </div>
    </section>
  );
}
