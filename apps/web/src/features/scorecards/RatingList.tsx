import { RATING_MAX, type ScorecardRating } from '@parley/contracts';
import { Badge } from '../../ui';
import { MomentLinks } from '../insights';
import { ratingTone } from './RatingScale';

/** A scorecard's ratings: each competency's level (or not discussed), notes and cited moments. */
export function RatingList({
  ratings,
  onSeek,
}: {
  ratings: readonly ScorecardRating[];
  onSeek(seconds: number): void;
}) {
  return (
    <ul className="flex flex-col divide-y divide-border">
      {ratings.map((r) => (
        <li key={r.competency} className="flex flex-col gap-1 py-2" data-competency={r.competency}>
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">
              {r.competency}
            </span>
            {r.rating !== null ? (
              <Badge tone={ratingTone(r.rating)} data-testid="rating">
                {r.rating}/{RATING_MAX}
              </Badge>
            ) : (
              <Badge data-testid="rating">Not discussed</Badge>
            )}
          </div>
          {r.notes ? <p className="text-sm text-muted">{r.notes}</p> : null}
          {r.evidence.length > 0 ? (
            <div className="flex flex-col gap-1">
              {r.evidence.map((e) => (
                <p key={e.start} className="flex items-start gap-2 text-xs text-muted">
                  <MomentLinks citations={[e]} onSeek={onSeek} names={{}} />
                  {e.quote ? (
                    <span className="min-w-0">
                      {e.speaker ? (
                        <span className="font-medium text-fg">{e.speaker}: </span>
                      ) : null}
                      “{e.quote}”
                    </span>
                  ) : null}
                </p>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
