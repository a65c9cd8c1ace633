import type { z } from 'zod';
import {
  MEETING_STAGES,
  PERFORMANCE_CALL_IDS,
  SALES_SIGNALS,
  SIGNAL_BETTER,
  type Figure,
  type SalesPerformance,
  type salesPerformanceQuery,
  type SalesSignal,
} from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import type { SalesRepo } from './repo.js';

/**
 * Performance by stage (issue 16 item 3; spec 2 §7 meeting/sales/performance): per stage and
 * rep, the mean of each measured signal and each prompt's score over the rep's calls, with how
 * many calls are behind every figure; the team's best per figure. The sums and counts are
 * taken in SQL, so the answer costs the same however many calls there are.
 */

type Stage = SalesPerformance['stages'][number];
type Rep = Stage['reps'][number];
type Benchmark = Figure & { userId: string | null };

const round2 = (x: number) => Math.round(x * 100) / 100;
// One collator for every comparison: localeCompare makes one per call (a tenth of the time
// of the whole team's answer).
const byText = new Intl.Collator().compare;

/** Calls the backfill reads the signals of at a time. */
const SIGNALS_BATCH = 500;

/**
 * Calls analysed before their signals were kept (or loaded by hand, as the benchmark does)
 * get them, a batch at a time; answers how many.
 */
export async function backfillCallSignals(
  repo: Pick<SalesRepo, 'callsWithoutSignals' | 'refreshCallSignals'>,
  now: () => Date,
): Promise<number> {
  let done = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await repo.callsWithoutSignals(after, SIGNALS_BATCH);
    if (ids.length === 0) break;
    done += await repo.refreshCallSignals(ids, now());
    after = ids[ids.length - 1] ?? null;
  }
  return done;
}

/** The mean of `count` values summing to `sum`, and the calls behind it when asked. */
function figure(sum: number, count: number, ids?: string[]): Figure {
  return {
    value: count === 0 ? null : round2(sum / count),
    count,
    ...(ids ? { meetingIds: ids } : {}),
  };
}

/** The rep whose figure is best, or null when none has one. */
function bestOf(
  reps: readonly { userId: string; figure: Figure }[],
  better: 'higher' | 'lower',
): Benchmark | null {
  let best: { userId: string; figure: Figure } | null = null;
  for (const r of reps) {
    if (r.figure.value === null) continue;
    const ahead =
      best === null ||
      (better === 'higher'
        ? r.figure.value > (best.figure.value as number)
        : r.figure.value < (best.figure.value as number));
    if (ahead) best = r;
  }
  return best ? { ...best.figure, userId: best.userId } : null;
}

type FigureCall = Awaited<ReturnType<SalesRepo['figureCalls']>>[number];

/**
 * The calls behind one rep's figures, oldest first: the latest PERFORMANCE_CALL_IDS calls of
 * the rep and stage, and which of them each signal and prompt rests on.
 */
function callIds(calls: readonly FigureCall[]) {
  const ordered = [...calls].reverse();
  return {
    all: ordered.map((c) => c.meetingId),
    signal: (k: SalesSignal) => ordered.filter((c) => c[k]).map((c) => c.meetingId),
    prompt: (p: string) =>
      ordered.filter((c) => (c.prompts ?? []).includes(p)).map((c) => c.meetingId),
  };
}

export async function salesPerformance(
  repo: SalesRepo,
  caller: Caller,
  q: z.output<typeof salesPerformanceQuery>,
): Promise<SalesPerformance> {
  // The calls behind each figure only for one rep and one stage (and at most the latest
  // PERFORMANCE_CALL_IDS): over more, the answer would grow with the number of calls.
  const withIds = q.nameId !== undefined && q.stage !== 'all';
  const [reps, calls] = await Promise.all([
    repo.totals(caller, q),
    withIds ? repo.figureCalls(caller, q, PERFORMANCE_CALL_IDS) : Promise.resolve([]),
  ]);
  const ids = withIds ? callIds(calls) : null;
  const stages = MEETING_STAGES.filter((s) =>
    q.stage === 'all' ? s !== 'basic_meeting' : s === q.stage,
  );
  return {
    stages: stages
      .map((stage): Stage => {
        const stageReps = reps
          .filter((r) => r.stage === stage)
          .sort((a, b) => byText(a.ownerName, b.ownerName) || byText(a.ownerId, b.ownerId));
        const promptNames = [...new Set(stageReps.flatMap((r) => Object.keys(r.prompts)))].sort();
        const rows: Rep[] = stageReps.map((r) => ({
          userId: r.ownerId,
          name: r.ownerName,
          callsCount: r.calls,
          ...(ids ? { meetingIds: ids.all } : {}),
          signals: Object.fromEntries(
            SALES_SIGNALS.map((k) => [
              k,
              figure(r.signals[k].sum, r.signals[k].count, ids?.signal(k)),
            ]),
          ) as Record<SalesSignal, Figure>,
          scores: promptNames.flatMap((promptName) => {
            const t = r.prompts[promptName];
            return t ? [{ promptName, ...figure(t.sum, t.count, ids?.prompt(promptName)) }] : [];
          }),
        }));
        const none = (): Benchmark => ({
          value: null,
          count: 0,
          ...(ids ? { meetingIds: [] } : {}),
          userId: null,
        });
        /** The team's mean of every call's value: for a signal with no better way. */
        const teamMean = (k: SalesSignal): Benchmark => ({
          ...figure(
            stageReps.reduce((sum, r) => sum + r.signals[k].sum, 0),
            stageReps.reduce((n, r) => n + r.signals[k].count, 0),
            ids?.signal(k),
          ),
          userId: null,
        });
        return {
          stage,
          reps: rows,
          benchmark: {
            signals: Object.fromEntries(
              SALES_SIGNALS.map((k) => {
                const better = SIGNAL_BETTER[k];
                if (better === null) return [k, teamMean(k)];
                const best = bestOf(
                  rows.map((r) => ({ userId: r.userId, figure: r.signals[k] })),
                  better,
                );
                return [k, best ?? none()];
              }),
            ) as Stage['benchmark']['signals'],
            scores: promptNames.map((promptName) => ({
              promptName,
              ...(bestOf(
                rows.flatMap((r) =>
                  r.scores
                    .filter((s) => s.promptName === promptName)
                    .map(({ promptName: _p, ...f }) => ({ userId: r.userId, figure: f })),
                ),
                'higher',
              ) ?? none()),
            })),
          },
        };
      })
      .filter((s) => s.reps.length > 0),
  };
}
