import {
  Bar,
  BarChart,
  Cell,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { MessageCircleMore } from 'lucide-react';
import type { RouteResponse, analysisRoutes } from '@parley/contracts';
import { speakerColorFor } from '../../../ui/player/player';
import { ChartCard } from '../../../ui/charts/ChartCard';
import { CHART } from '../../../ui/charts/chart-theme';
import { nameOf } from './names';

type Conversation = RouteResponse<typeof analysisRoutes.conversation>;

/** Filler words counted per speaker, and the most used ones overall. */
export function fillerSummary(
  fillers: Conversation['fillerWords'],
  names: Readonly<Record<string, string>>,
) {
  const perSpeaker = new Map<string, { speaker: string; label: string; count: number }>();
  const perWord = new Map<string, number>();
  for (const f of fillers) {
    const s = perSpeaker.get(f.speaker) ?? {
      speaker: f.speaker,
      label: nameOf(f.speaker, f.name, names),
      count: 0,
    };
    s.count += 1;
    perSpeaker.set(f.speaker, s);
    const w = f.word.toLowerCase();
    perWord.set(w, (perWord.get(w) ?? 0) + 1);
  }
  return {
    speakers: [...perSpeaker.values()].sort((a, b) => b.count - a.count),
    top: [...perWord.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5),
  };
}

interface Props {
  data: Conversation | undefined;
  loading: boolean;
  names: Readonly<Record<string, string>>;
}

export function FillerWordsChart({ data, loading, names }: Props) {
  const { speakers, top } = fillerSummary(data?.fillerWords ?? [], names);
  return (
    <ChartCard
      title="Filler words"
      testId="filler-words-chart"
      info="Words like 'um', 'uh' and 'you know' found in the transcript, counted per speaker."
      loading={loading}
      empty={
        speakers.length === 0 ? { icon: MessageCircleMore, text: 'No filler words. Crisp!' } : null
      }
    >
      <div style={{ height: Math.max(64, speakers.length * 32) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={speakers}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          >
            <XAxis type="number" allowDecimals={false} hide />
            <YAxis
              type="category"
              dataKey="label"
              width={96}
              tick={CHART.tick}
              stroke={CHART.grid}
            />
            <ChartTooltip
              {...CHART.tooltip}
              cursor={{ fill: 'var(--surface-2)' }}
              formatter={(v) => [String(v), 'Filler words']}
            />
            <Bar dataKey="count" radius={[0, 4, 4, 0]} barSize={16} isAnimationActive={false}>
              {speakers.map((s) => (
                <Cell key={s.speaker} fill={speakerColorFor(s.speaker)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {top.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Most used filler words">
          {top.map(([word, n]) => (
            <li
              key={word}
              className="rounded-control border border-border bg-surface-2 px-2 py-0.5 text-xs text-fg"
            >
              {word} <span className="tabular text-muted">×{n}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </ChartCard>
  );
}
