import { and, eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerActivityLog } from './audit.js';
import { activityLog, organizations, users } from './db/schema.js';
import { call, signIn, signUp } from '../test/context.js';
import { ctx, useTestApp } from '../test/app-kit.js';

useTestApp();

type Row = typeof activityLog.$inferSelect;

/** The log is written once the reply has gone out, so give it a moment. */
async function rowsOf(userId: string, count: number): Promise<Row[]> {
  for (let i = 0; i < 50; i++) {
    const rows = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.userId, userId))
      .orderBy(activityLog.id);
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${count} activity rows for ${userId}`);
}

describe('activity log', () => {
  it('records the sign-in and every authenticated call, without query strings, codes or tokens', async () => {
    const email = 'manager@acme.parley.local';
    const s = await signIn(ctx, email);
    const code = ctx.lastCode(email);
    await call(ctx, 'GET', '/auth/me?token=leak-me&code=123456', { token: s.accessToken });
    await call(ctx, 'POST', '/b2c/user/consent', {
      token: s.accessToken,
      payload: { b2cConsent: true },
    });
    const refreshed = await call(ctx, 'POST', '/auth/refresh-credentials', {
      payload: { userId: s.user.id },
      cookie: s.cookie,
    });
    expect(refreshed.statusCode).toBe(200);

    // Rows are written after each reply has gone out, so two quick calls may land in either order.
    const rows = await rowsOf(s.user.id, 4);
    expect(rows.map((r) => [r.method, r.path, r.status])).toHaveLength(4);
    expect(rows.map((r) => [r.method, r.path, r.status])).toEqual(
      expect.arrayContaining([
        ['POST', '/api/v1/auth/verify-signin', 200],
        ['GET', '/api/v1/auth/me', 200],
        ['POST', '/api/v1/b2c/user/consent', 400],
        ['POST', '/api/v1/auth/refresh-credentials', 200],
      ]),
    );
    for (const row of rows) {
      expect(row.userId).toBe(s.user.id);
      expect(row.organizationId).toBe(s.user.organizationId);
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.path).not.toContain('?');
    }

    const secrets = [
      code,
      s.accessToken,
      s.cookie.slice('parley_refresh='.length),
      s.cookie.slice('parley_refresh='.length).split('.')[1] ?? 'x',
      'leak-me',
      '123456',
    ];
    const stored = JSON.stringify(rows);
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });

  it('records sign-ups', async () => {
    const s = await signUp(ctx, 'logged@example.com', { organizationName: 'Logged Inc' });
    const [row] = await rowsOf(s.user.id, 1);
    expect(row).toMatchObject({
      method: 'POST',
      path: '/api/v1/auth/verify-signup',
      status: 200,
      organizationId: s.user.organizationId,
    });
  });

  it('leaves out calls nobody is signed in for', async () => {
    const before = await ctx.database.db.select().from(activityLog);
    await call(ctx, 'POST', '/auth/request-signin', {
      payload: { email: 'rep@acme.parley.local' },
    });
    await call(ctx, 'GET', '/auth/me', { token: 'not-a-token' });
    await call(ctx, 'POST', '/auth/verify-signin', {
      payload: { email: 'rep@acme.parley.local', code: '000000' },
    });
    // Longer than the rows wait before they are written (ACTIVITY_LOG_FLUSH_MS, 200 ms).
    await new Promise((r) => setTimeout(r, 600));
    const after = await ctx.database.db.select().from(activityLog);
    expect(after.length).toBe(before.length);
  });

  it('writes calls in batches, keeping each call’s time, and never the deleted’s who or where', async () => {
    const kept = await signUp(ctx, 'batch-kept@example.com', { organizationName: 'Kept Inc' });
    const leaving = await signUp(ctx, 'batch-leaving@example.com', {
      organizationName: 'Leaving Inc',
    });
    const gone = await signUp(ctx, 'batch-gone@example.com', { organizationName: 'Gone Inc' });
    // A log of its own that waits far longer than the test, so only flush() writes.
    const app = Fastify();
    const log = registerActivityLog(app, ctx.database.db, { flushMs: 60_000 });
    app.get('/as/:who', async (request) => {
      const who = { kept, leaving, gone }[(request.params as { who: 'kept' })['who']];
      request.auth = {
        userId: who.user.id,
        organizationId: who.user.organizationId,
        role: who.user.role,
        permissions: [],
      };
      return { ok: true };
    });
    const before = new Date();
    for (const who of ['kept', 'leaving', 'gone']) {
      expect((await app.inject({ method: 'GET', url: `/as/${who}` })).statusCode).toBe(200);
    }
    // Before the write: one person deletes their account, one organisation is deleted.
    await ctx.database.db.delete(users).where(eq(users.id, leaving.user.id));
    await ctx.database.db
      .delete(organizations)
      .where(eq(organizations.id, gone.user.organizationId));
    expect(await rowsIn(leaving.user.organizationId)).toEqual([]);

    await log.flush();
    const [mine] = await rowsIn(kept.user.organizationId);
    expect(mine).toMatchObject({ userId: kept.user.id, path: '/as/kept', ip: '127.0.0.1' });
    expect(mine!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const [theirs] = await rowsIn(leaving.user.organizationId);
    expect(theirs).toMatchObject({ userId: null, ip: null, path: '/as/leaving' });
    expect(await rowsIn(gone.user.organizationId)).toEqual([]);
    await app.close();
  });
});

const rowsIn = (organizationId: string) =>
  ctx.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.organizationId, organizationId), like(activityLog.path, '/as/%')));
