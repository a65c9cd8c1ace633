import { Line } from 'recharts';
import { Gauge } from 'lucide-react';
import type { RouteResponse, analysisRoutes } from '@parley/contracts';
import { speakerColorFor } from '../../../ui/player/player';
import { ChartCard } from '../../../ui/charts/ChartCard';
import { TimeChart } from '../../../ui/charts/TimeChart';
import { windowRows, type TimeWindow } from '../../../ui/charts/window-rows';
import { nameOf } from './names';

type SpeakingRate = RouteResponse<typeof analysisRoutes.speakingRate>;

interface Props {
  data: SpeakingRate | undefined;
  loading: boolean;
  names: Readonly<Record<string, string>>;
  onSeek?(time: number): void;
  className?: string;
}

/** Rows of { t, speaker_00: wpm, … } (the shape a line chart wants) over the whole recording. */
export function rateRows(data: SpeakingRate | undefined) {
  const windows = new Map<number, TimeWindow & { values: Record<string, number | null> }>();
  for (const s of data?.overTime ?? [])
    for (const w of s.windows) {
      const win = windows.get(w.start) ?? { start: w.start, end: w.end, values: {} };
      win.values[s.speaker] = w.wpm === null ? null : Math.round(w.wpm);
      windows.set(w.start, win);
    }
  return windowRows([...windows.values()]);
}

/** Words per minute of each speaker over the meeting, with their averages. */
export function SpeakingRateChart({ data, loading, names, onSeek, className }: Props) {
  const rows = rateRows(data);
  const speakers = data?.overTime ?? [];
  return (
    <ChartCard
      className={className}
      title="Speaking rate"
      testId="speaking-rate-chart"
      info="Words per minute while each speaker talks, in windows along the meeting. About 110–160 is a conversational pace."
      loading={loading}
      empty={
        rows.length === 0 ? { icon: Gauge, text: 'Not enough speech to measure a pace.' } : null
      }
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Average words per minute">
        {(data?.average ?? []).map((a) => (
          <li key={a.speaker} className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="size-2 rounded-full"
              style={{ background: speakerColorFor(a.speaker) }}
            />
            <span className="text-muted">{nameOf(a.speaker, a.name, names)}</span>
            <span className="tabular font-medium text-fg">{Math.round(a.wpm)} wpm</span>
          </li>
        ))}
      </ul>
      <TimeChart
        kind="line"
        rows={rows}
        onSeek={onSeek}
        className="h-40"
        yAxis={{ width: 48 }}
        format={(v, name) => [`${String(v)} wpm`, String(name)]}
      >
        {speakers.map((s) => (
          <Line
            key={s.speaker}
            dataKey={s.speaker}
            name={nameOf(s.speaker, s.name, names)}
            stroke={speakerColorFor(s.speaker)}
            strokeWidth={2}
            // A dot per measured window (a lone one between silences still shows); none on
            // the rows that only carry the line to the recording's start and end.
            dot={({ cx, cy, index }) =>
              index === 0 || index === rows.length - 1 || cx === undefined || cy === undefined ? (
                <g key={index} />
              ) : (
                <circle key={index} cx={cx} cy={cy} r={2.5} fill={speakerColorFor(s.speaker)} />
              )
            }
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </TimeChart>
    </ChartCard>
  );
}
