import type { RetentionSettings, RetentionView } from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import { derivedPrefix, ownedObjects } from '../meetings/index.js';
import { removeUnder } from '../organizations/index.js';
import { retentionDailyJob } from './jobs.js';
import type { RetentionRepo } from './repo.js';

export interface RetentionDeps {
  repo: RetentionRepo;
  resolveStore: StoreResolver;
  queue: JobQueue;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often a process asks for the day's pass (the pass itself runs once a day). */
  checkSeconds?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Per-organisation retention (issue 20 item 6): settings for the organisation's managers, and
 * the daily pass that deletes old recordings' files and old transcripts, logging the counts.
 */
export function createRetentionService(deps: RetentionDeps) {
  const { repo, now, log } = deps;

  async function view(organizationId: string): Promise<RetentionView> {
    const settings = await repo.settings(organizationId);
    if (!settings) throw notFound();
    return { ...settings, runs: await repo.runs(organizationId) };
  }

  /** Files first, then the keys: a store that fails leaves the meeting to try again tomorrow. */
  async function deleteRecordings(organizationId: string, before: Date): Promise<number> {
    let deleted = 0;
    const failed = new Set<string>();
    for (;;) {
      const batch = (await repo.withMediaBefore(organizationId, before)).filter(
        (m) => !failed.has(m.id),
      );
      if (batch.length === 0) return deleted;
      for (const m of batch) {
        try {
          const store = await deps.resolveStore(organizationId, m.storageProvider);
          for (const key of ownedObjects(m)) await store.delete(key);
          await removeUnder(store, [`${derivedPrefix(m)}/`]);
          await repo.clearMedia(m.id, now());
          deleted++;
        } catch (err) {
          failed.add(m.id);
          log.warn({ err, organizationId, meetingId: m.id }, 'retention: recording not deleted');
        }
      }
      // Every meeting of a full batch failed: the next query would answer the same ones.
      if (batch.every((m) => failed.has(m.id))) return deleted;
    }
  }

  /** One organisation's pass; answers what it deleted. */
  async function applyTo(org: { id: string } & RetentionSettings) {
    const at = now();
    const recordings = org.recordingsDays
      ? await deleteRecordings(org.id, new Date(at.getTime() - org.recordingsDays * DAY_MS))
      : 0;
    const transcripts = org.transcriptsDays
      ? await repo.deleteTranscriptsBefore(
          org.id,
          new Date(at.getTime() - org.transcriptsDays * DAY_MS),
        )
      : 0;
    if (recordings + transcripts > 0) {
      await repo.logRun(org.id, recordings, transcripts, at);
      log.info({ organizationId: org.id, recordings, transcripts }, 'retention pass deleted');
    }
    return { recordings, transcripts };
  }

  /** Every organisation with a limit; one failing does not stop the others. */
  async function dailyPass() {
    let organizations = 0;
    for (const org of await repo.withRetention()) {
      try {
        await applyTo(org);
        organizations++;
      } catch (err) {
        log.warn({ err, organizationId: org.id }, 'retention pass failed for an organisation');
      }
    }
    return { organizations };
  }

  return {
    settings: (caller: Caller) => view(caller.organizationId),
    async updateSettings(caller: Caller, patch: Partial<RetentionSettings>) {
      await repo.update(caller.organizationId, patch, now());
      log.info(
        { organizationId: caller.organizationId, userId: caller.userId, ...patch },
        'retention settings changed',
      );
      return view(caller.organizationId);
    },
    dailyPass,
    /** Runs the pass's job, and asks for today's pass now and every hour (by default). */
    async registerWorker(): Promise<() => void> {
      await deps.queue.work(retentionDailyJob, async () => void (await dailyPass()));
      await deps.queue.work(retentionDailyJob.deadLetter, async (job, run) => {
        log.warn({ ...job, reason: run.reason }, 'retention pass gave up');
      });
      const ask = () => {
        const day = now().toISOString().slice(0, 10);
        deps.queue
          .send(retentionDailyJob, { day })
          .catch((err: unknown) => log.warn({ err }, 'retention pass not queued'));
      };
      ask();
      const timer = setInterval(ask, (deps.checkSeconds ?? 3600) * 1000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
