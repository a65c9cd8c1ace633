import { QUEUES, organizationDeletionJobSchema, storageProviderSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob } from '../../platform/queue/index.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { ObjectStore } from '../../platform/storage/types.js';
import type { OrganizationsRepo } from './repo.js';

export interface DeletionDeps {
  repo: OrganizationsRepo;
  resolveStore: StoreResolver;
  /** Cloud stores the organisation connected (the integrations module's); media may be there. */
  connectedClouds: (organizationId: string) => Promise<readonly string[]>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Retried with back-off: a store that is down for a while (or a process that dies mid-way)
 * only delays the removal. Every step can run again.
 */
/** One job per organisation: a second request while one waits collapses into it. */
export const organizationDeletionJob = defineJob({
  queue: QUEUES.organizationDeletion,
  schema: organizationDeletionJobSchema,
  retry: { limit: 12, delaySeconds: 5, backoff: true, expireInSeconds: 3600 },
  deadLetter: defineDeadLetter({
    queue: QUEUES.organizationDeletionDeadLetter,
    schema: organizationDeletionJobSchema,
  }),
  singletonKey: (job) => job.organizationId,
});
const BATCH = 500;

/** Removes every object under the prefixes; fails rather than loop when one will not go. */
export async function removeUnder(store: ObjectStore, prefixes: string[]): Promise<number> {
  let removed = 0;
  for (const prefix of prefixes) {
    const seen = new Set<string>();
    for (;;) {
      const batch = await store.list(prefix, BATCH);
      if (batch.length === 0) break;
      for (const { key } of batch) {
        if (seen.has(key))
          throw new Error(`a media object of the organisation could not be removed`);
        seen.add(key);
        await store.delete(key);
        removed++;
      }
    }
  }
  return removed;
}

/**
 * The job: media first (the local store holds only Parley's objects, under the
 * organisation's id; in a connected bucket only what Parley wrote there: uploads and
 * meetings' derived files), then the organisation's row, whose removal cascades to its
 * users, meetings, templates, keys, plans and logs. A retry after a crash starts over
 * on what is left.
 */
export async function removeOrganization(deps: DeletionDeps, organizationId: string) {
  const org = await deps.repo.byId(organizationId);
  // Gone already (an earlier attempt finished), or never closed: nothing to do.
  if (!org?.deletedAt) return;
  let removed = await removeUnder(await deps.resolveStore(organizationId, 'local'), [
    `${organizationId}/`,
  ]);
  for (const cloud of await deps.connectedClouds(organizationId)) {
    const provider = storageProviderSchema.parse(cloud);
    const store = await deps.resolveStore(organizationId, provider);
    removed += await removeUnder(store, [
      `${organizationId}/uploads/`,
      `${organizationId}/meetings/`,
    ]);
  }
  await deps.repo.purge(organizationId);
  deps.log.info({ organizationId, removed }, 'organisation deleted');
}

export function createDeletionJobs(queue: JobQueue, deps: DeletionDeps) {
  return {
    async enqueue(organizationId: string): Promise<void> {
      await queue.send(organizationDeletionJob, { organizationId });
    },

    /**
     * Runs the jobs in this process, after queueing again any closed organisation still
     * present, in case the process that closed it stopped before its job was stored.
     */
    async work(): Promise<void> {
      await queue.work(organizationDeletionJob, async ({ organizationId }) => {
        await removeOrganization(deps, organizationId);
      });
      // The organisation is closed already; its rows wait for a later start to queue it again.
      await queue.work(organizationDeletionJob.deadLetter, async ({ organizationId }, run) => {
        deps.log.error({ organizationId, reason: run.reason }, 'organisation deletion gave up');
      });
      for (const id of await deps.repo.closedIds()) await this.enqueue(id);
    },
  };
}
