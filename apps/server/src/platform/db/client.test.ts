import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signIn, type TestContext } from '../../test/context.js';
import { openPostgres } from './client.js';
import { loadConfig } from '../../config.js';
import { startAppQueue } from '../../app-queue.js';

/** PostgreSQL only: connections the server cuts (restart, failover) must not take the app down. */
describe.skipIf(process.env.PARLEY_TEST_DB !== 'postgres')('PostgreSQL connection loss', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('keeps serving after the server terminates its idle connections', async () => {
    const s = await signIn(ctx, 'user@acme.parley.local');
    const result = await ctx.database.db.execute<{ name: string }>(
      sql`SELECT current_database() AS name`,
    );
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
    expect(name).toMatch(/^parley_test_/);

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query<{ ok: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // let the idle clients hear about it

    const me = await call(ctx, 'GET', '/auth/me', { token: s.accessToken });
    expect(me.statusCode).toBe(200);
  });
});

/** PostgreSQL only: replicas and workers that start together migrate the database once. */
describe.skipIf(process.env.PARLEY_TEST_DB !== 'postgres')(
  'migrations from several processes',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `parley_test_migrate_${Date.now().toString(36)}`;
    const onAdmin = async (query: string) => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(query);
      } finally {
        await admin.end();
      }
    };
    afterAll(async () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

    it('applies every migration once while three processes start on an empty database', async () => {
      await onAdmin(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // Three pools, as three processes would have.
      const processes = [1, 2, 3].map(() => openPostgres(url.toString()));
      try {
        const results = await Promise.allSettled(processes.map((p) => p.migrate()));
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const applied = await processes[0]!.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        );
        const journal = JSON.parse(
          readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
        ) as { entries: unknown[] };
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(
          journal.entries.length,
        );
        // Then each creates the job queues, as they do next (these once deadlocked).
        const env = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-parley-test' }).env;
        const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
        const queues = await Promise.allSettled(processes.map((p) => startAppQueue(p, env, log)));
        expect(queues.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
          'ok',
          'ok',
          'ok',
        ]);
        for (const q of queues) if (q.status === 'fulfilled') await q.value.stop(1);
      } finally {
        await Promise.all(processes.map((p) => p.close()));
      }
    }, 180_000);
  },
);
