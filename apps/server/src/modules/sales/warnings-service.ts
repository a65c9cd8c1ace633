import { backfillCallSignals } from './performance.js';
import { dealWarningsDailyJob, dealWarningsJob } from './jobs.js';
import type { SalesDeps } from './service.js';
import { dealNextStep, dealWarnings, WARNINGS_VERSION } from './warnings.js';

/**
 * What the sales module computes in the background (issue 16 items 3 and 5): a deal's warnings
 * and next step (queued after the changes they rest on, and a daily pass), and the rep's
 * signals of each call for the performance view.
 */

/** Deals the daily pass reads and computes at a time. */
export const WARNINGS_BATCH = 100;
const DAY_MS = 24 * 3600 * 1000;

export function createWarningsService(deps: SalesDeps) {
  const { repo, now } = deps;

  /**
   * Queues the deal's warnings to be computed again. Quietly: the change that asks for it is
   * done, and the daily pass catches up with a deal whose job could not be queued.
   */
  async function warnLater(dealId: string): Promise<void> {
    try {
      await deps.queue.send(dealWarningsJob, { dealId });
    } catch (err) {
      deps.log.warn({ err, dealId }, 'deal warnings not queued');
    }
  }

  /** Computes the deal's warnings from what is stored now and keeps them on it. */
  async function computeWarnings(dealId: string): Promise<void> {
    const found = await repo.dealFacts(dealId);
    // Deleted meanwhile: nothing to warn about.
    if (!found) return;
    const at = now();
    const { warnings, unchecked } = dealWarnings(found.facts, at);
    const nextStep = dealNextStep(found.facts, at);
    await repo.saveWarnings(
      dealId,
      { warnings, unchecked, nextStep, version: WARNINGS_VERSION },
      at,
    );
  }

  /**
   * Reads a call's signals for the performance view again. Quietly: the change that asks for
   * it is done, and a failure leaves the call's previous figures.
   */
  async function refreshSignals(meetingId: string): Promise<void> {
    try {
      await repo.refreshCallSignals([meetingId], now());
    } catch (err) {
      deps.log.warn({ err, meetingId }, 'sales call signals not read');
    }
  }

  /** Calls analysed before their signals were kept get them. */
  async function backfillSignals(): Promise<number> {
    const done = await backfillCallSignals(repo, now);
    if (done > 0) deps.log.info({ calls: done }, 'sales call signals read');
    return done;
  }

  /**
   * The daily pass: every deal computed more than a day ago, never, or by older rules, a
   * batch at a time.
   */
  async function dailyPass(): Promise<number> {
    const before = new Date(now().getTime() - DAY_MS);
    let after: string | null = null;
    let computed = 0;
    for (;;) {
      const ids = await repo.staleDealIds(before, WARNINGS_VERSION, after, WARNINGS_BATCH);
      if (ids.length === 0) break;
      for (const id of ids) {
        await computeWarnings(id);
        computed += 1;
      }
      after = ids[ids.length - 1] ?? null;
    }
    if (computed > 0) deps.log.info({ deals: computed }, 'deal warnings computed');
    return computed;
  }

  return {
    warnLater,
    // ---------- warnings (issue 16 item 5) ----------
    computeWarnings,
    dailyPass,
    /**
     * After a meeting's analysis finished: its signals are read again and its deal's warnings
     * computed again.
     */
    async meetingAnalysed(meetingId: string): Promise<void> {
      await refreshSignals(meetingId);
      try {
        const dealId = await repo.dealOfMeeting(meetingId);
        if (dealId) await warnLater(dealId);
      } catch (err) {
        deps.log.warn({ err, meetingId }, 'deal warnings not queued');
      }
    },
    /** After a call's transcript was corrected or its speakers named: its signals change. */
    callChanged: refreshSignals,
    backfillSignals,
    /** Runs the warnings jobs, and asks for the daily pass now and every hour (by default). */
    async registerWorker(): Promise<() => void> {
      await deps.queue.work(dealWarningsJob, ({ dealId }) => computeWarnings(dealId));
      await deps.queue.work(dealWarningsJob.deadLetter, async (job, run) => {
        deps.log.warn({ ...job, reason: run.reason }, 'deal warnings gave up');
      });
      await deps.queue.work(dealWarningsDailyJob, async () => void (await dailyPass()));
      await deps.queue.work(dealWarningsDailyJob.deadLetter, async (job, run) => {
        deps.log.warn({ ...job, reason: run.reason }, 'daily deal warnings gave up');
      });
      // Hourly by default, so a deal is computed about a day after its last time whenever the
      // process started; a pass finding nothing stale costs one query.
      const ask = () => {
        const day = now().toISOString().slice(0, 10);
        deps.queue
          .send(dealWarningsDailyJob, { day })
          .catch((err: unknown) => deps.log.warn({ err }, 'daily deal warnings not queued'));
      };
      ask();
      // In the background: the process serves meanwhile, and the figures fill in.
      backfillSignals().catch((err: unknown) =>
        deps.log.warn({ err }, 'sales call signals backfill failed'),
      );
      const timer = setInterval(ask, deps.warningsCheckSeconds * 1000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
