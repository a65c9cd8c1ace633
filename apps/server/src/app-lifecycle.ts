import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { QUEUES } from '@parley/contracts';
import type { Database } from './platform/db/client.js';
import type { JobQueue } from './platform/queue/index.js';
import type { Realtime } from './platform/realtime/index.js';
import {
  listenOnChannels,
  REALTIME_CHANNEL,
  realtimeHandler,
  type ChannelHandlers,
} from './platform/realtime/bridge.js';
import { ACCESS_CHANNEL } from './platform/access-sync.js';

/** Registers a module's job handlers; some also start a timer and return what stops it. */
export type WorkerStart = () => Promise<void | (() => void)>;

interface BackgroundWork {
  role: 'api' | 'worker' | 'all';
  database: Database;
  queue: JobQueue;
  realtime: Realtime | null;
  /** Applies other processes' access changes to this one's cache (PostgreSQL only). */
  accessChanges: ((text: string) => void) | null;
  log: FastifyBaseLogger;
  shutdownGraceSeconds: number;
  /** Every module's job handlers, in the order they are registered. */
  workers: WorkerStart[];
  /** Catch-up work a job-running process starts once, in the background. */
  backfills: { name: string; run: () => Promise<unknown> }[];
  /** The serving process's periodic clean-up; it returns what stops it. */
  cleanup: (() => () => Promise<void>) | null;
}

/**
 * What runs beside the HTTP routes: the job handlers of a process that runs jobs (ROLE
 * 'worker' or 'all'), events from workers elsewhere for this process's sockets, and their
 * orderly stop when the app closes.
 */
export async function startBackgroundWork(app: FastifyInstance, w: BackgroundWork) {
  const { database, queue, realtime, log } = w;
  // Events workers elsewhere send reach this process's sockets; access other processes
  // changed is forgotten here too. Both ride NOTIFYs on the database.
  const channels: ChannelHandlers = {};
  if (realtime) {
    channels[REALTIME_CHANNEL] = realtimeHandler(
      (e) => realtime.toLocalMeeting(e.meetingId, e.event, e.payload),
      log,
    );
  }
  if (w.accessChanges) channels[ACCESS_CHANNEL] = w.accessChanges;
  const unlisten = await listenOnChannels(database, channels, log);
  const stops: (() => void)[] = [];
  if (w.role !== 'api') {
    if (database.kind === 'pglite') {
      // One process holds a PGlite data directory, so a job still 'active' belongs to a
      // process that died (killed, power cut): it fails as an attempt now, retried while
      // attempts remain. PostgreSQL leaves that to expiry, since another worker may really be
      // running it.
      const requeued = await queue.requeueOrphans(Object.values(QUEUES));
      if (requeued > 0) log.warn({ requeued }, 'analysis jobs of a stopped process requeued');
    }
    for (const start of w.workers) {
      const stop = await start();
      if (stop) stops.push(stop);
    }
    for (const b of w.backfills) {
      b.run().catch((err: unknown) => log.warn({ err }, `${b.name} failed`));
    }
  } else if (database.kind === 'pglite') {
    log.warn({}, 'ROLE=api on PGlite: no other process can run the analysis jobs');
  }

  const stopCleanup = w.cleanup ? w.cleanup() : async () => {};
  // Sockets first: the HTTP server's close waits for every open connection.
  app.addHook('preClose', async () => realtime?.disconnectAll());
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
    // Stop fetching; a job in flight gets the grace period, then goes back to the queue.
    await queue.stop(w.shutdownGraceSeconds);
    await stopCleanup();
    await unlisten();
    await realtime?.close();
  });
}
