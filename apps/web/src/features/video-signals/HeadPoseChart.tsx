import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { HEAD_POSE_CLASSES } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';
import type { InferenceData } from './api';
import { PERSON_COLOURS, personName, videoEmpty } from './shared';

interface Props {
  data: InferenceData<'headpose'> | undefined;
  loading: boolean;
}

/** Share of each person's frames per head pose class (top, bottom, left, right, center). */
export function HeadPoseChart({ data, loading }: Props) {
  const persons = data?.persons ?? [];
  const rows = HEAD_POSE_CLASSES.map((cls) => ({
    pose: cls,
    ...Object.fromEntries(persons.map((p) => [p.personId, Math.round(p.shares[cls] * 100)])),
  }));
  return (
    <ChartCard
      title="Head pose"
      testId="head-pose-chart"
      info={`Share of frames per head direction; turned beyond ${data?.yawThresholdDeg ?? 15}° sideways or ${data?.pitchThresholdDeg ?? 12}° up or down counts as that direction.`}
      loading={loading}
      empty={videoEmpty(data?.video, persons.length > 0)}
    >
      <div className="h-44">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={CHART.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="pose" tick={CHART.tick} stroke={CHART.grid} />
            <YAxis unit="%" domain={[0, 100]} tick={CHART.tick} stroke={CHART.grid} />
            <ChartTooltip
              {...CHART.tooltip}
              formatter={(v, name) => [`${String(v)}%`, personName(String(name))]}
            />
            {persons.length > 1 ? <Legend formatter={(v: string) => personName(v)} /> : null}
            {persons.map((p, i) => (
              <Bar
                key={p.personId}
                dataKey={p.personId}
                fill={PERSON_COLOURS[i % PERSON_COLOURS.length]}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
