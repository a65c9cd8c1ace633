import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip as ChartTooltip } from 'recharts';
import { AudioLines } from 'lucide-react';
import type { Diarization } from '@parley/contracts';
import { speakerColorFor } from '../../../ui/player/player';
import { ChartCard } from '../../../ui/charts/ChartCard';
import { CHART, shortDuration } from '../../../ui/charts/chart-theme';
import { nameOf } from './names';

interface TalkTimeChartProps {
  data: Diarization | undefined;
  loading: boolean;
  names: Readonly<Record<string, string>>;
}

/** Who talked how long: time and share per speaker, in the speakers' colours. */
export function TalkTimeChart({ data, loading, names }: TalkTimeChartProps) {
  const rows = (data?.speaker_time_analysis ?? [])
    .filter((s) => s.time > 0)
    .map((s) => ({ ...s, label: nameOf(s.speaker, s.name, names) }));
  const monolog = data?.talk_time_analysis.longest_monolog;
  return (
    <ChartCard
      title="Talk time"
      testId="talk-time-chart"
      info="Seconds each speaker talks, from speaker diarization; the share is of all talking."
      loading={loading}
      empty={rows.length === 0 ? { icon: AudioLines, text: 'No speech was found.' } : null}
    >
      <div className="flex flex-wrap items-center gap-4">
        {/* The list beside it says the same to assistive technology: the drawing is hidden
            from it, so nothing in it may take the keyboard's focus either. */}
        <div className="size-28 shrink-0" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                rootTabIndex={-1}
                data={rows}
                dataKey="time"
                nameKey="label"
                innerRadius="58%"
                outerRadius="100%"
                stroke="var(--surface)"
                strokeWidth={2}
                isAnimationActive={false}
              >
                {rows.map((r) => (
                  <Cell key={r.speaker} fill={speakerColorFor(r.speaker)} />
                ))}
              </Pie>
              <ChartTooltip {...CHART.tooltip} formatter={(v) => shortDuration(Number(v))} />
            </PieChart>
          </ResponsiveContainer>
        </div>
        <ul className="flex min-w-40 flex-1 flex-col gap-2" aria-label="Talk time per speaker">
          {rows.map((r) => (
            <li key={r.speaker} className="flex items-center gap-2 text-sm">
              <span
                aria-hidden
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: speakerColorFor(r.speaker) }}
              />
              <span className="min-w-0 flex-1 truncate text-fg">{r.label}</span>
              <span className="tabular text-muted">{shortDuration(r.time)}</span>
              <span className="tabular w-12 text-right font-medium text-fg">
                {Math.round(r.percentage)}%
              </span>
            </li>
          ))}
        </ul>
      </div>
      {data ? (
        <dl className="grid grid-cols-2 gap-3 border-t border-border pt-3 text-xs">
          <div>
            <dt className="text-muted">Talking overall</dt>
            <dd className="tabular text-sm font-medium text-fg">
              {Math.round(data.talk_time_analysis.team_talktime_percentage)}% of the recording
            </dd>
          </div>
          {monolog && monolog.duration > 0 ? (
            <div>
              <dt className="text-muted">Longest monologue</dt>
              <dd className="tabular text-sm font-medium text-fg">
                {shortDuration(monolog.duration)}
                {monolog.speaker ? ` · ${nameOf(monolog.speaker, monolog.name, names)}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </ChartCard>
  );
}
