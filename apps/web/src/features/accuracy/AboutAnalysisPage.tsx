import { ACCURACY_REPORT, type AccuracySignalKey, type SignalAccuracy } from '@parley/contracts';
import { Activity, AudioLines, ScanFace, ShieldAlert } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatDate } from '../../lib/datetime';
import { Badge, PageHeader, Section } from '../../ui';
import { BiasChart } from './BiasChart';
import { BiasTable } from './BiasTable';
import { formatBasis, formatMetric } from './format';
import { SignalCard } from './SignalCard';

const GROUPS: {
  title: string;
  icon: LucideIcon;
  description: string;
  keys: AccuracySignalKey[];
}[] = [
  {
    title: 'Speech',
    icon: AudioLines,
    description: 'The transcript and who spoke when.',
    keys: ['speech-to-text', 'speakers'],
  },
  {
    title: 'Faces',
    icon: ScanFace,
    description: 'Faces in the video and what a face model reads from them.',
    keys: ['face-detection', 'gender', 'age', 'emotions'],
  },
  {
    title: 'Physiology',
    icon: Activity,
    description: 'Read from the skin color in the video; none of it is a medical measurement.',
    keys: ['heart-rate', 'hrv', 'respiration', 'spo2', 'blood-pressure', 'stress'],
  },
  {
    title: 'Behavior',
    icon: ShieldAlert,
    description: 'Experimental cues that must never decide anything alone.',
    keys: ['truthfulness'],
  },
];

const signalsOf = (keys: AccuracySignalKey[]): SignalAccuracy[] =>
  keys.flatMap((k) => ACCURACY_REPORT.signals.filter((s) => s.key === k));

/** The headline figure of every measured signal, at the top of the page. */
function AtAGlance() {
  const measured = ACCURACY_REPORT.signals.filter((s) => s.metrics.length > 0);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="accuracy-glance">
      {measured.map((s) => {
        const m = s.metrics[0]!;
        return (
          <div
            key={s.key}
            className="flex min-w-0 flex-col gap-1 rounded-card border border-border bg-surface p-3 shadow-sm sm:p-4"
          >
            <dt className="flex flex-wrap items-center justify-between gap-1.5 text-xs font-medium text-muted">
              {s.name}
              {s.estimate ? <Badge tone="warning">Estimate</Badge> : null}
            </dt>
            <dd className="flex flex-col gap-0.5">
              <span className="tabular text-xl font-semibold text-fg sm:text-2xl">
                {formatMetric(m)}
              </span>
              <span className="text-xs text-muted">
                {m.name}
                {m.better === 'lower' ? ' · lower is better' : ''}
              </span>
              <span className="tabular text-xs text-subtle">{formatBasis(m)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * About the analysis (issue 14 item 6): for every signal its measured accuracy, the data it was
 * measured on and whether it is an estimate, and the face bias table. The figures are the ones
 * `npm run accuracy -- --write` published with this version of the app (imported, not fetched:
 * they change only with the code).
 */
export default function AboutAnalysisPage() {
  const { bias, measuredAt } = ACCURACY_REPORT;
  return (
    <div className="flex flex-col gap-10">
      <PageHeader
        className="pb-0"
        title="About the analysis"
        description={
          <>
            How accurate each signal is, measured on public recordings and photos with known answers
            that the analysis was not tuned on. Figures labeled <em>Estimate</em> are shown as
            estimates in meetings too. Measured{' '}
            <time dateTime={measuredAt}>{formatDate(measuredAt)}</time>; re-measured with every
            change to the analysis.
          </>
        }
      />
      <AtAGlance />
      {GROUPS.map((g) => (
        <Section key={g.title} title={g.title} icon={g.icon} description={g.description}>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {signalsOf(g.keys).map((s, _, all) => (
              <SignalCard
                key={s.key}
                signal={s}
                // A measured signal among unmeasured ones takes the whole row, so the short
                // 'not measured' cards pair up instead of stretching beside a tall one.
                wide={s.metrics.length > 0 && all.some((o) => o.metrics.length === 0)}
              />
            ))}
          </div>
          {g.title === 'Faces' && bias.rows.length > 0 ? (
            <div className="mt-4 flex flex-col gap-3" data-testid="bias-section">
              <h3 className="text-base font-semibold text-fg">Where face analysis is weaker</h3>
              <p className="text-sm text-muted">
                The same figures per gender and per age group on {bias.dataset.items}{' '}
                {bias.dataset.itemUnit} ({bias.dataset.name}; {bias.dataset.licence}). Gender and
                age are scored on the photos where a face was found. Small groups have wide
                intervals: their figures are uncertain.
              </p>
              <BiasChart rows={bias.rows} />
              <BiasTable rows={bias.rows} />
            </div>
          ) : null}
        </Section>
      ))}
    </div>
  );
}
