import { Bar, BarChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { LipSyncWindowEvent } from '@parley/contracts';
import { useStore } from '../../lib/store';
import { Badge, ProgressBar } from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART, axisTime } from '../../ui/charts/chart-theme';
import { LIVE_READINGS_KEPT, type LiveLipSyncFeed } from './live-lip-sync';
import { LIP_SYNC_RELEASE } from './release-queue';
import { LIP_SYNC_LABELS, PERSON_COLOURS, personName } from './shared';

const score = (r: LipSyncWindowEvent) => (r.score === null ? '—' : r.score.toFixed(2));

/**
 * The bars' scale: ±0.5, or the next half step beyond the largest reading or the threshold.
 * Window scores rarely pass 0.5, and on a fixed ±1 they would be a few pixels tall.
 */
export function sparklineBound(scores: number[], threshold: number): number {
  const largest = Math.max(threshold, ...scores.map(Math.abs));
  return Math.min(1, Math.max(0.5, Math.ceil(largest * 2) / 2));
}

/** One person's released readings: the latest in words, the recent ones as bars around 0. */
function PersonReadings({
  personId,
  readings,
  colour,
}: {
  personId: string;
  readings: LipSyncWindowEvent[];
  colour: string;
}) {
  const last = readings.at(-1)!;
  const [word, tone] = LIP_SYNC_LABELS[last.status];
  const scores = readings.flatMap((r) => (r.score === null ? [] : [r.score]));
  const name = personName(personId);
  const bound = sparklineBound(scores, last.threshold);
  // A slot per kept reading, filled from the left, so bars keep their width as readings come.
  const slots = [
    ...readings.map((r, i) => ({ slot: i, score: r.score })),
    ...Array.from({ length: LIVE_READINGS_KEPT - readings.length }, (_, i) => ({
      slot: readings.length + i,
      score: null,
    })),
  ];
  return (
    <li className="flex flex-col gap-1" data-testid="live-lip-sync-person">
      <div className="flex items-center gap-2 text-sm">
        <span className="font-medium text-fg">{name}</span>
        <span className="tabular ml-auto text-fg" data-testid="live-lip-sync-score">
          {score(last)}
        </span>
        <Badge tone={tone}>{word}</Badge>
      </div>
      <div
        className="h-14"
        role="img"
        aria-label={
          scores.length
            ? `${name}: last ${readings.length} readings, from ${Math.min(...scores).toFixed(2)} to ${Math.max(...scores).toFixed(2)}`
            : `${name}: no score yet`
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={slots}
            margin={{ top: 2, right: 0, bottom: 2, left: 0 }}
            barCategoryGap={1}
          >
            <XAxis dataKey="slot" hide />
            <YAxis domain={[-bound, bound]} hide />
            <ReferenceLine y={0} stroke={CHART.grid} />
            <ReferenceLine y={last.threshold} stroke={CHART.axis} strokeDasharray="3 3" />
            <Bar dataKey="score" fill={colour} radius={1} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="tabular flex flex-wrap justify-between gap-x-3 text-xs text-muted">
        <span className="whitespace-nowrap">
          {axisTime(last.start)}–{axisTime(last.end)} · {last.frames} frames
        </span>
        <span className="whitespace-nowrap text-subtle">
          <span aria-hidden>┄ </span>in sync from {last.threshold.toFixed(2)}
        </span>
      </p>
    </li>
  );
}

/**
 * Lip sync while the video is analysed (spec 2 §4): the server's window readings are held
 * until 10 have arrived, then shown one every 900 ms. The summary card replaces this one when
 * the meeting is processed.
 */
export function LiveLipSyncCard({ feed }: { feed: LiveLipSyncFeed }) {
  const { arrived, queued, persons } = useStore(feed.store);
  const need = LIP_SYNC_RELEASE.afterArrived;
  return (
    <ChartCard
      title="Live lip sync"
      testId="live-lip-sync-card"
      info={`Correlation of mouth opening and voice level over 10 s windows, read as the video is analyzed. Readings are held until ${need} have arrived, then shown one every ${LIP_SYNC_RELEASE.everyMs / 1000} s; the dashed line is the in-sync threshold.`}
    >
      {persons.length === 0 ? (
        <div
          className="flex min-h-28 flex-col justify-center gap-2"
          data-testid="live-lip-sync-waiting"
        >
          <p className="text-sm font-medium text-fg">Waiting for {need} readings</p>
          <ProgressBar value={(Math.min(arrived, need) / need) * 100} label="Readings received" />
          <p className="tabular text-xs text-muted">
            {arrived} of {need} received. Readings arrive while the video is analyzed.
          </p>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {persons.map((p, i) => (
              <PersonReadings
                key={p.personId}
                personId={p.personId}
                readings={p.readings}
                colour={PERSON_COLOURS[i % PERSON_COLOURS.length]!}
              />
            ))}
          </ul>
          <p className="tabular text-xs text-subtle" data-testid="live-lip-sync-counts">
            {arrived} received · {queued} waiting to be shown
          </p>
        </>
      )}
    </ChartCard>
  );
}
