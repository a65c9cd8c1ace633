import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signIn, type TestContext } from '../../test/context.js';

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
