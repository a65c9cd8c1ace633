import { Link } from 'react-router';
import { Play } from 'lucide-react';
import { RATING_MAX, formatHms, type CompareCandidate, type ComparePoint } from '@parley/contracts';
import { Badge, Card } from '../../ui';
import { ratingTone } from './RatingScale';

/** The interview page at a moment: `/interviews/{id}?t={seconds}`. */
export const momentUrl = (meetingId: string, seconds: number) =>
  `/interviews/${meetingId}?t=${Math.floor(seconds)}`;

const SOURCE = { draft: "Zai's draft" } as const;

function Points({
  title,
  points,
  meetingId,
  empty,
}: {
  title: string;
  points: readonly ComparePoint[];
  meetingId: string;
  empty: string;
}) {
  return (
    <section className="flex flex-col gap-1.5" aria-label={title}>
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      {points.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {points.map((p) => (
            <li key={p.competency} className="flex flex-col gap-1 text-sm">
              <span className="flex items-center gap-2">
                <span className="font-medium text-fg">{p.competency}</span>
                <Badge tone={ratingTone(p.rating)}>
                  {p.rating}/{RATING_MAX}
                </Badge>
              </span>
              {p.note ? <span className="text-xs text-muted">{p.note}</span> : null}
              {p.evidence.map((e) => (
                <Link
                  key={e.start}
                  to={momentUrl(meetingId, e.start)}
                  className="flex items-start gap-1.5 rounded-control text-xs text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Play className="mt-0.5 size-3 shrink-0" aria-hidden />
                  <span className="tabular shrink-0">{formatHms(e.start)}</span>
                  {e.quote ? <span className="min-w-0 text-muted">“{e.quote}”</span> : null}
                </Link>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One candidate of the compare view: scores, per-competency scores, strengths and concerns. */
export function CandidateColumn({
  candidate: c,
  colour,
}: {
  candidate: CompareCandidate;
  colour: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4" data-testid="compare-candidate">
      <header className="flex flex-col gap-1">
        <span className="flex items-center gap-2">
          <span
            className="size-2.5 shrink-0 rounded-full"
            style={{ background: colour }}
            aria-hidden
          />
          <Link
            to={`/interviews/${c.meetingId}`}
            className="truncate text-base font-semibold text-fg hover:underline"
          >
            {c.candidateName}
          </Link>
        </span>
        <span className="truncate text-xs text-muted">
          {c.meetingName}
          {c.round !== null ? ` · Round ${c.round}` : ''}
        </span>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="col-span-2 flex items-baseline justify-between">
          <dt className="text-muted">Overall score</dt>
          <dd className="tabular text-lg font-semibold text-fg" data-testid="overall">
            {c.overallScore !== null ? `${c.overallScore}/100` : '—'}
          </dd>
        </div>
        {c.categories.map((cat) => (
          <div key={cat.name} className="flex justify-between gap-2">
            <dt className="truncate text-muted">{cat.name}</dt>
            <dd className="tabular text-fg">{cat.score}</dd>
          </div>
        ))}
      </dl>
      <section aria-label="Competencies" className="flex flex-col gap-1">
        <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Competencies</h4>
        <ul className="flex flex-col gap-1 text-sm">
          {c.competencies.map((k) => (
            <li key={k.competency} className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate text-fg">{k.competency}</span>
              <span className="flex shrink-0 items-center gap-1.5">
                {k.source !== 'none' ? (
                  <span className="text-xs text-subtle">
                    {k.source === 'interviewers'
                      ? `${k.raters} ${k.raters === 1 ? 'interviewer' : 'interviewers'}`
                      : SOURCE.draft}
                  </span>
                ) : null}
                <span className="tabular font-semibold text-fg">
                  {k.score !== null ? k.score : 'Not rated'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <Points
        title="Strengths"
        points={c.strengths}
        meetingId={c.meetingId}
        empty="No competency rated 4 or 5."
      />
      <Points
        title="Concerns"
        points={c.concerns}
        meetingId={c.meetingId}
        empty="No competency rated 1 or 2."
      />
    </Card>
  );
}
