import { FlaskConical, Mic, Users } from 'lucide-react';
import { Badge } from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { axisTime } from '../../ui/charts/chart-theme';
import type { InferenceData } from './api';
import { LIP_SYNC_LABELS as SYNC, percent, personName, videoEmpty } from './shared';

/** Age and gender per person with their confidence; race is plainly not estimated. */
export function DemographicsCard({
  age,
  gender,
  race,
  loading,
}: {
  age: InferenceData<'age'> | undefined;
  gender: InferenceData<'gender'> | undefined;
  race: InferenceData<'race'> | undefined;
  loading: boolean;
}) {
  const persons = age?.persons ?? [];
  return (
    <ChartCard
      title="Age and gender"
      testId="demographics-card"
      info="Estimated from the face by the face model: age as the median of the frames with their spread, gender with the model's confidence."
      loading={loading}
      empty={videoEmpty(age?.video, persons.length > 0)}
    >
      <ul className="flex flex-col gap-2 text-sm">
        {persons.map((p) => {
          const g = gender?.persons.find((x) => x.personId === p.personId)?.estimate;
          return (
            <li key={p.personId} className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-fg">{personName(p.personId)}</span>
              {p.estimate ? (
                <span className="text-muted">
                  about <span className="tabular text-fg">{Math.round(p.estimate.years)}</span>{' '}
                  (frames ranged{' '}
                  <span className="tabular">
                    {Math.round(p.estimate.spread[0])}–{Math.round(p.estimate.spread[1])}
                  </span>
                  )
                </span>
              ) : (
                <span className="text-muted">age unknown</span>
              )}
              {g ? (
                <Badge tone="neutral">
                  {g.label}, {percent(g.confidence)} confident
                </Badge>
              ) : null}
            </li>
          );
        })}
      </ul>
      {race ? <p className="text-xs text-subtle">Race: not estimated. {race.reason}</p> : null}
    </ChartCard>
  );
}

/** How well each person's mouth movement follows the voice (correlation −1..1). */
export function LipSyncCard({
  data,
  loading,
}: {
  data: InferenceData<'lipsync'> | undefined;
  loading: boolean;
}) {
  const empty =
    videoEmpty(data?.video, (data?.persons.length ?? 0) > 0) ??
    (data && !data.available
      ? { icon: Mic, text: data.reason ?? 'No sound track to compare with.' }
      : null);
  return (
    <ChartCard
      title="Lip sync"
      testId="lip-sync-card"
      info="Correlation of the mouth opening with the voice level, frame by frame. Dubbed or delayed video scores low."
      loading={loading}
      empty={empty}
    >
      <ul className="flex flex-col gap-2 text-sm">
        {(data?.persons ?? []).map((p) => (
          <li key={p.personId} className="flex items-center gap-2">
            <span className="font-medium text-fg">{personName(p.personId)}</span>
            <span className="tabular text-muted">
              {p.agreement === null ? '—' : p.agreement.toFixed(2)}
            </span>
            <Badge tone={SYNC[p.status][1]}>{SYNC[p.status][0]}</Badge>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}

/** Experimental: departures from each person's own behavioural baseline per window. */
export function TruthfulnessCard({
  data,
  loading,
  onSeek,
}: {
  data: InferenceData<'truthfulness'> | undefined;
  loading: boolean;
  onSeek(time: number): void;
}) {
  const windows = data?.windows ?? [];
  return (
    <ChartCard
      title="Behavioral consistency"
      testId="truthfulness-card"
      info={data?.note ?? 'Experimental.'}
      loading={loading}
      empty={
        videoEmpty(data?.video, windows.length > 0) ??
        (windows.length ? null : { icon: Users, text: 'Too short for a baseline.' })
      }
    >
      <p className="flex items-center gap-2 text-xs text-muted">
        <Badge tone="warning">
          <FlaskConical className="mr-1 inline size-3" aria-hidden />
          Experimental
        </Badge>
        Not a lie detector: 100 means behavior like the person's own baseline.
      </p>
      <ol className="flex flex-wrap gap-1.5">
        {windows.map((w) => (
          <li key={`${w.subject_name}-${w.start_time}`}>
            <button
              type="button"
              onClick={() => onSeek(w.start_time)}
              className="rounded-md border border-border px-2 py-0.5 text-xs text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="tabular">{axisTime(w.start_time)}</span>{' '}
              <span className="tabular font-medium text-fg">{Math.round(w.truthfullness)}</span>
            </button>
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}
