import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signIn, type TestContext } from '../../test/context.js';
import { waitFor } from '../../test/media.js';
import { appOnDatabase } from '../../test/own-database-app.js';

// Two API processes on one PostgreSQL database, each caching access for a minute: what one
// changes, the other must refuse well before its cache would expire (access-sync.ts).
const CACHE = { ACCESS_CACHE_MS: '60000' };
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres';

describe.runIf(onPostgres)('access changes between API processes', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    first = await createTestContext({ env: CACHE });
    const url = first.database.pool?.options.connectionString;
    if (!url) throw new Error('the PostgreSQL test database has no connection string');
    second = await appOnDatabase(url, CACHE);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const status = async (ctx: TestContext, path: string, token: string) =>
    (await call(ctx, 'GET', path, { token })).statusCode;
  /** The other process answers `expected` within two seconds (its cache keeps a minute). */
  const soon = (ctx: TestContext, path: string, token: string, expected: number) =>
    waitFor(
      async () => ((await status(ctx, path, token)) === expected ? true : undefined),
      2_000,
      `${path} to answer ${expected}`,
    );

  it('refuses on one process a session signed out on the other', async () => {
    const s = await signIn(first, 'rep@acme.parley.local');
    expect(await status(second, '/auth/me', s.accessToken)).toBe(200);
    const out = await call(first, 'POST', '/auth/logout', {
      token: s.accessToken,
      cookie: s.cookie,
    });
    expect(out.statusCode).toBe(200);
    await soon(second, '/auth/me', s.accessToken, 401);
  });

  it('applies a role given and taken away on one process to the next call on the other', async () => {
    const poc = await signIn(first, 'poc@acme.parley.local');
    const member = await signIn(first, 'user@acme.parley.local');
    expect(await status(second, '/role/organization', member.accessToken)).toBe(403);
    const setRole = (role: string) =>
      call(first, 'PATCH', `/user/${member.user.id}`, {
        token: poc.accessToken,
        payload: { role, roleId: null },
      });
    expect((await setRole('poc')).statusCode).toBe(200);
    await soon(second, '/role/organization', member.accessToken, 200);
    expect((await setRole('user')).statusCode).toBe(200);
    await soon(second, '/role/organization', member.accessToken, 403);
  });
});
