import { Users } from 'lucide-react';
import { RECOMMENDATION_LABELS, type Recommendation, type Scorecard } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { Badge, Card } from '../../ui';
import { RatingList } from './RatingList';

const recommendationTone = (r: Recommendation) =>
  r === 'strong_yes' || r === 'yes' ? ('success' as const) : ('danger' as const);

/** Every interviewer's submitted scorecard of the candidate, together. */
export function SubmittedList({
  cards,
  onSeek,
}: {
  cards: readonly Scorecard[];
  onSeek(seconds: number): void;
}) {
  return (
    <Card className="flex flex-col gap-2 p-3" role="region" aria-label="Submitted scorecards">
      <header className="flex items-center gap-2">
        <Users className="size-4 text-accent-text" aria-hidden />
        <h3 className="text-sm font-semibold text-fg">Submitted scorecards</h3>
        <span className="tabular ml-auto text-xs text-muted">{cards.length}</span>
      </header>
      {cards.length === 0 ? (
        <p className="text-sm text-muted">No interviewer has submitted a scorecard yet.</p>
      ) : (
        cards.map((card) => (
          <article
            key={card.id}
            className="flex flex-col gap-1 rounded-card border border-border p-2"
            data-testid="submitted-scorecard"
          >
            <header className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-fg">{card.author?.name}</span>
              {card.submittedAt ? (
                <span className="text-xs text-muted">{formatDate(card.submittedAt)}</span>
              ) : null}
              {card.recommendation ? (
                <Badge tone={recommendationTone(card.recommendation)} className="ml-auto">
                  {RECOMMENDATION_LABELS[card.recommendation]}
                </Badge>
              ) : null}
            </header>
            {card.summary ? <p className="text-sm text-muted">{card.summary}</p> : null}
            <RatingList ratings={card.ratings} onSeek={onSeek} />
          </article>
        ))
      )}
    </Card>
  );
}
