import type { ReactNode } from 'react';
import { Line } from 'recharts';
import { HeartPulse } from 'lucide-react';
import type { PhysiologyPerson } from '@parley/contracts';
import { Badge } from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';
import { TimeChart } from '../../ui/charts/TimeChart';
import { EstimateLabel } from './EstimateLabel';
import type { InferenceData } from './api';
import { videoEmpty } from './shared';

/** Below this signal-to-noise ratio a heart-rate window is drawn but not trusted. */
const GOOD_SNR_DB = 0;

interface Props {
  data: InferenceData<'physiological'> | undefined;
  loading: boolean;
  onSeek(time: number): void;
  className?: string;
}

function Stat({
  label,
  value,
  unit,
  extra,
}: {
  label: string;
  value: ReactNode;
  unit?: string;
  extra?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md border border-border bg-surface-2 px-3 py-2">
      <span className="flex items-center gap-1.5 text-xs text-muted">
        {label}
        {extra}
      </span>
      <span className="tabular text-lg font-semibold text-fg">
        {value ?? '—'}
        {(typeof value === 'number' || typeof value === 'string') && unit ? (
          <span className="ml-1 text-xs font-normal text-muted">{unit}</span>
        ) : null}
      </span>
    </div>
  );
}

const qualityTone = { good: 'success', low: 'warning', none: 'neutral' } as const;

/** What the heart-rate tile says when the estimator gave no number. */
function InsufficientSignal({ reason }: { reason: string | null | undefined }) {
  return (
    <span className="text-sm font-medium text-muted" title={reason ?? undefined}>
      Insufficient signal
    </span>
  );
}

function insufficientText(reason: string | null | undefined): string {
  const why = reason?.replace(/^insufficient signal: /, '');
  return (
    `Insufficient signal for a heart rate${why ? `: ${why}` : ''}. ` +
    'Better light on the face, a steadier camera or a longer recording help.'
  );
}

function PersonPhysiology({ p, onSeek }: { p: PhysiologyPerson; onSeek(time: number): void }) {
  const noRate = p.heartRate.bpm === null;
  const rows = p.heartRateSeries.map((s) => ({
    t: s.t,
    bpm: s.bpm,
    trusted: s.snrDb >= GOOD_SNR_DB ? s.bpm : null,
  }));
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Stat
          label="Heart rate"
          value={noRate ? <InsufficientSignal reason={p.heartRate.reason} /> : p.heartRate.bpm}
          unit="bpm"
          extra={
            noRate ? null : (
              <Badge tone={qualityTone[p.heartRate.quality]}>{p.heartRate.quality} signal</Badge>
            )
          }
        />
        <Stat
          label="HRV (SDNN)"
          value={p.hrv.sdnnMs === null ? null : Math.round(p.hrv.sdnnMs)}
          unit="ms"
        />
        <Stat label="Respiration" value={p.respiration.breathsPerMinute} unit="/min" />
        <Stat
          label="Stress"
          value={p.stress.level}
          extra={<EstimateLabel note={p.stress.note} />}
        />
        <Stat
          label="SpO2"
          value={p.spo2.percent}
          unit="%"
          extra={<EstimateLabel note={p.spo2.note} />}
        />
        <Stat
          label="Blood pressure"
          value={
            p.bloodPressure.systolic === null
              ? null
              : `${Math.round(p.bloodPressure.systolic)}/${Math.round(p.bloodPressure.diastolic ?? 0)}`
          }
          unit="mmHg"
          extra={<EstimateLabel note={p.bloodPressure.note} />}
        />
      </div>
      {noRate ? (
        <p className="rounded-md border border-dashed border-border px-3 py-4 text-sm text-muted">
          {insufficientText(p.heartRate.reason)}
        </p>
      ) : (
        <TimeChart
          kind="line"
          rows={rows}
          onSeek={onSeek}
          className="h-36"
          label="Heart rate over time"
          yAxis={{ unit: '', domain: ['dataMin - 5', 'dataMax + 5'], allowDecimals: false }}
          format={(v) => [`${String(v)} bpm`, 'Heart rate']}
        >
          <Line
            dataKey="bpm"
            stroke={CHART.axis}
            strokeDasharray="3 3"
            dot={false}
            isAnimationActive={false}
            connectNulls
          />
          <Line
            dataKey="trusted"
            stroke={CHART.negative}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </TimeChart>
      )}
      <p className="text-xs text-subtle">
        Solid: windows with a clear pulse; dashed: noisy windows. From skin color changes in the
        video (rPPG, {p.heartRate.method.toUpperCase()}), not a medical device.
      </p>
    </div>
  );
}

/** Heart rate over time with its quality, HRV, respiration and the labelled estimates. */
export function PhysiologyCharts({ data, loading, onSeek, className }: Props) {
  const persons = data?.persons ?? [];
  return (
    <ChartCard
      className={className}
      title="Physiology"
      testId="physiology-charts"
      info="Remote photoplethysmography: the pulse seen as tiny color changes of the face's skin. Stress, SpO2 and blood pressure are estimates, not measurements."
      loading={loading}
      empty={
        videoEmpty(data?.video, true) ??
        (persons.length
          ? null
          : { icon: HeartPulse, text: 'No face was seen long enough for a heart rate.' })
      }
    >
      {persons.slice(0, 2).map((p) => (
        <PersonPhysiology key={p.personId} p={p} onSeek={onSeek} />
      ))}
    </ChartCard>
  );
}
