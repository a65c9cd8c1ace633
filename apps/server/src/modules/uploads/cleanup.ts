import { UPLOAD } from '@parley/contracts';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { UploadsRepo } from './repo.js';

export interface CleanupDeps {
  repo: UploadsRepo;
  resolveStore: StoreResolver;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Removes uploads untouched for UPLOAD.staleAfterMs: an open one has its chunks dropped from
 * the store (local part files, the S3 multipart upload; Azure discards uncommitted blocks
 * itself after a week), and finished rows are only bookkeeping by then. Returns how many
 * rows went.
 */
export async function cleanupStaleUploads(deps: CleanupDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - UPLOAD.staleAfterMs);
  let removed = 0;
  for (;;) {
    const rows = await deps.repo.stale(before);
    if (rows.length === 0) return removed;
    for (const row of rows) {
      if (!row.completedAt) {
        try {
          const store = await deps.resolveStore(row.organizationId, row.provider);
          await store.abortChunked(row.objectKey, row.providerUploadId);
        } catch (err) {
          // A disconnected cloud cannot be cleaned; the row goes anyway so it is not retried forever.
          deps.log.warn({ err, uploadId: row.id }, 'could not abort a stale upload');
        }
      }
      await deps.repo.remove(row.id);
      removed += 1;
    }
  }
}

const HOUR_MS = 3600 * 1000;

/** Runs the cleanup now and every hour; the returned function stops it and waits for a run. */
export function scheduleUploadCleanup(deps: CleanupDeps): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = cleanupStaleUploads(deps).catch((err: unknown) =>
      deps.log.warn({ err }, 'upload cleanup failed'),
    );
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
