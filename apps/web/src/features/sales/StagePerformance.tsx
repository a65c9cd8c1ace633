import { useState } from 'react';
import { Activity } from 'lucide-react';
import {
  SALES_SIGNALS,
  SIGNAL_BETTER,
  type Figure,
  type MeetingStage,
  type SalesPerformance,
} from '@parley/contracts';
import { cn } from '../../lib/cn';
import { DataTable, EmptyState, LoadError, Section, type DataColumn } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useStagePerformance, type SalesFilters } from './api';
import type { CallsTarget } from './CallsDialog';
import { SALES_STAGES, SIGNAL_LABELS, formatSignal } from './model';

type StageData = SalesPerformance['stages'][number];
interface Row {
  id: string;
  name: string;
  /** Whose figures these are; null for the benchmark's team means. */
  userId: string | null;
  benchmark: boolean;
  /** The rep's calls of the stage; null for the benchmark row. */
  callsCount: number | null;
  signals: Record<string, Figure & { userId?: string | null }>;
  scores: Map<string, Figure & { userId?: string | null }>;
}

function rowsOf(stage: StageData): Row[] {
  const reps: Row[] = stage.reps.map((r) => ({
    id: r.userId,
    name: r.name,
    userId: r.userId,
    benchmark: false,
    callsCount: r.callsCount,
    signals: r.signals,
    scores: new Map(r.scores.map((s) => [s.promptName, s])),
  }));
  return [
    ...reps,
    {
      id: 'benchmark',
      name: 'Team best',
      userId: null,
      benchmark: true,
      callsCount: null,
      signals: stage.benchmark.signals,
      scores: new Map(stage.benchmark.scores.map((s) => [s.promptName, s])),
    },
  ];
}

const SIGNAL_NOTES: Record<string, string> = {
  lower: 'lower is better',
  higher: 'higher is better',
};

/**
 * Performance by stage (issue 16 item 3): per rep the measured signals and the stage's prompt
 * scores, the team's best as the benchmark; each figure opens its calls. Read one stage at a
 * time: with 'all' stages chosen above, a stage is picked here first.
 */
export function StagePerformance({
  pageStage,
  filters,
  onOpen,
}: {
  pageStage: MeetingStage | 'all';
  filters: SalesFilters;
  onOpen(target: CallsTarget): void;
}) {
  const [picked, setPicked] = useState<MeetingStage | null>(null);
  const stage = pageStage === 'all' ? picked : pageStage;
  const perf = useStagePerformance(stage, filters);
  const data = perf.data?.stages.find((s) => s.stage === stage);

  const figureButton = (
    row: Row,
    label: string,
    figure: Figure & { userId?: string | null },
    text: string,
    best: boolean,
  ) => {
    const ownerId = row.benchmark ? (figure.userId ?? undefined) : (row.userId ?? undefined);
    return (
      <button
        type="button"
        disabled={figure.count === 0 || !stage}
        data-testid="performance-figure"
        aria-label={`${row.name}, ${label}: ${text}${best ? ', team best' : ''} — open ${figure.count} calls`}
        onClick={() =>
          stage &&
          onOpen({
            title: `${row.name} · ${label}`,
            description:
              (label === 'calls'
                ? `${STAGE_LABELS[stage]} calls, newest first.`
                : `${text} over ${figure.count} ${STAGE_LABELS[stage]} calls.`) +
              // The server names at most the latest PERFORMANCE_CALL_IDS of a figure's calls.
              (figure.meetingIds && figure.meetingIds.length < figure.count
                ? ` The latest ${figure.meetingIds.length} are listed.`
                : ''),
            // The server lists a figure's calls only for one rep and stage; else the rep's calls.
            ids: figure.meetingIds,
            scope: {
              nameId: ownerId,
              stage,
              deal: filters.opportunity || undefined,
              account: filters.account || undefined,
            },
          })
        }
        className={cn(
          'tabular -mx-1.5 rounded-control px-1.5 py-0.5 text-left hover:bg-accent-soft/50 focus-visible:outline-2 focus-visible:outline-ring disabled:hover:bg-transparent',
          best && 'font-semibold text-accent-text',
        )}
      >
        {text}
        {best ? <span className="sr-only"> (team best)</span> : null}
      </button>
    );
  };

  const prompts = data ? [...new Set([...data.benchmark.scores.map((s) => s.promptName)])] : [];
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: 'Rep',
      cell: (r) => (
        <span
          className={cn('whitespace-nowrap font-medium', r.benchmark ? 'text-muted' : 'text-fg')}
        >
          {r.name}
        </span>
      ),
    },
    {
      id: 'calls',
      header: 'Calls',
      className: 'text-right',
      cell: (r) =>
        r.callsCount === null
          ? null
          : figureButton(
              r,
              'calls',
              { value: r.callsCount, count: r.callsCount },
              String(r.callsCount),
              false,
            ),
    },
    ...SALES_SIGNALS.map((s): DataColumn<Row> => ({
      id: s,
      header: SIGNAL_LABELS[s],
      className: 'whitespace-nowrap',
      cell: (r) => {
        const f = r.signals[s];
        if (!f) return '—';
        const bench = data?.benchmark.signals[s];
        const best = !r.benchmark && bench?.userId === r.userId && f.value !== null;
        return figureButton(r, SIGNAL_LABELS[s], f, formatSignal(s, f.value), best);
      },
    })),
    ...prompts.map((p): DataColumn<Row> => ({
      id: `prompt:${p}`,
      header: p,
      className: 'whitespace-nowrap',
      cell: (r) => {
        const f = r.scores.get(p);
        if (!f || f.value === null) return <span className="text-subtle">—</span>;
        const bench = data?.benchmark.scores.find((b) => b.promptName === p);
        const best = !r.benchmark && bench?.userId === r.userId;
        return figureButton(r, p, f, String(Math.round(f.value)), best);
      },
    })),
  ];

  return (
    <Section
      title="Performance by stage"
      description="Per rep, the mean of each measured signal and each sales prompt’s score over their calls of the stage; the team’s best is the benchmark (bold). Click a figure for its calls."
    >
      {pageStage === 'all' ? (
        <div role="group" aria-label="Stage to compare" className="flex flex-wrap gap-1.5">
          {SALES_STAGES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={picked === s}
              onClick={() => setPicked(s)}
              className={cn(
                'h-8 rounded-control border px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring',
                picked === s
                  ? 'border-accent bg-accent-soft text-accent-soft-fg'
                  : 'border-border bg-surface text-muted hover:text-fg',
              )}
            >
              {STAGE_LABELS[s]}
            </button>
          ))}
        </div>
      ) : null}
      {stage === null ? (
        <p className="text-sm text-muted">Choose a stage to compare the team’s calls in it.</p>
      ) : perf.isError ? (
        <LoadError
          icon={Activity}
          what="The team’s performance"
          onRetry={() => void perf.refetch()}
        />
      ) : (
        <>
          <DataTable
            label={`Performance in ${STAGE_LABELS[stage]}`}
            columns={columns}
            rows={data ? rowsOf(data) : []}
            rowKey={(r) => r.id}
            rowLabel={(r) => r.name}
            loading={perf.isLoading}
            empty={
              <EmptyState
                icon={Activity}
                title={`No analyzed ${STAGE_LABELS[stage]} calls`}
                description="Figures appear once the team’s calls of this stage have been analyzed."
              />
            }
          />
          <p className="text-xs text-muted">
            {SALES_SIGNALS.filter((s) => SIGNAL_BETTER[s])
              .map((s) => `${SIGNAL_LABELS[s]}: ${SIGNAL_NOTES[SIGNAL_BETTER[s] ?? ''] ?? ''}`)
              .join(' · ')}
            {' · Speaking rate: the team’s mean.'}
          </p>
        </>
      )}
    </Section>
  );
}
