import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createNotifyBroadcaster, listenForEvents, type BridgedEvent } from './bridge.js';

// The LISTEN connection's life on a real PostgreSQL server (PGlite has no connections to lose).
const url = process.env.PARLEY_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

const quiet = { warn: () => {} };
const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.end()));
});

function database(): Database {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // As openPostgres does: an idle connection ended by the server is the pool's to forget.
  pool.on('error', () => {});
  pools.push(pool);
  return { pool } as Database;
}

/** Ends the server side of every connection listening on the channel, as a restart would. */
async function dropListeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE pid <> pg_backend_pid() AND query LIKE '%LISTEN parley_realtime%'`,
  );
  await admin.end();
  return rowCount ?? 0;
}

function received(events: BridgedEvent[], meetingId: string, within = 5000) {
  return expect.poll(() => events.some((e) => e.meetingId === meetingId), { timeout: within });
}

describe.skipIf(!url)('realtime bridge on PostgreSQL', () => {
  it('listens again after its connection is lost, and delivers what is sent afterwards', async () => {
    const db = database();
    const events: BridgedEvent[] = [];
    const stop = await listenForEvents(db, (e) => events.push(e), quiet);
    const notify = createNotifyBroadcaster(db, quiet);

    notify.toMeeting('before', 'status', {});
    await received(events, 'before').toBe(true);

    expect(await dropListeners()).toBeGreaterThan(0);
    // Reconnects within a second or so; keep sending until an event arrives.
    await expect
      .poll(
        () => {
          notify.toMeeting('after', 'status', {});
          return events.some((e) => e.meetingId === 'after');
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    await stop();
  });

  it('stopped, survives its old connection being ended and hears nothing more', async () => {
    const db = database();
    const events: BridgedEvent[] = [];
    const stop = await listenForEvents(db, (e) => events.push(e), quiet);
    await stop();
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onCrash);
    try {
      await dropListeners();
      await new Promise((r) => setTimeout(r, 1500));
      createNotifyBroadcaster(db, quiet).toMeeting('late', 'status', {});
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      process.off('uncaughtException', onCrash);
    }
    expect(crashes).toEqual([]);
    expect(events).toEqual([]);
  });
});
