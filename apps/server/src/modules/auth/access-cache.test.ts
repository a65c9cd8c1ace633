import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, signIn } from '../../test/context.js';

// A minute: anything that takes effect below happens because a write forgot the cached
// access, not because it expired.
const who = useSignedInApp(['poc', 'member'], undefined, { env: { ACCESS_CACHE_MS: '60000' } });

const get = (path: string, token: string) => call(ctx, 'GET', path, { token });
const setRole = (userId: string, role: string) =>
  call(ctx, 'PATCH', `/user/${userId}`, {
    token: who.poc.accessToken,
    payload: { role, roleId: null },
  });

describe('the access cache (ACCESS_CACHE_MS)', () => {
  it('keeps a session’s access: a row changed behind the app’s back is not read again', async () => {
    const s = await signIn(ctx, 'manager@acme.parley.local');
    expect((await get('/auth/me', s.accessToken)).statusCode).toBe(200);
    // No request deactivated the user: only the cache can still answer for them.
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, s.user.id));
    expect((await get('/auth/me', s.accessToken)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, s.user.id));
  });

  it('refuses a signed-out session at once', async () => {
    const s = await signIn(ctx, 'rep@acme.parley.local');
    expect((await get('/auth/me', s.accessToken)).statusCode).toBe(200);
    const out = await call(ctx, 'POST', '/auth/logout', { token: s.accessToken, cookie: s.cookie });
    expect(out.statusCode).toBe(200);
    expect((await get('/auth/me', s.accessToken)).statusCode).toBe(401);
  });

  it('refuses the first session at once when the user signs in elsewhere', async () => {
    const first = await signIn(ctx, 'admin@parley.local');
    expect((await get('/auth/me', first.accessToken)).statusCode).toBe(200);
    const second = await signIn(ctx, 'admin@parley.local');
    expect((await get('/auth/me', first.accessToken)).statusCode).toBe(401);
    expect((await get('/auth/me', second.accessToken)).statusCode).toBe(200);
  });

  it('applies a role change, and a deactivation, to the next call', async () => {
    const member = who.member;
    expect((await get('/role/organization', member.accessToken)).statusCode).toBe(403);
    expect((await setRole(member.user.id, 'poc')).statusCode).toBe(200);
    expect((await get('/role/organization', member.accessToken)).statusCode).toBe(200);
    expect((await setRole(member.user.id, 'user')).statusCode).toBe(200);
    expect((await get('/role/organization', member.accessToken)).statusCode).toBe(403);

    expect((await get('/auth/me', member.accessToken)).statusCode).toBe(200);
    const off = await call(ctx, 'PATCH', `/user/${member.user.id}`, {
      token: who.poc.accessToken,
      payload: { status: 'inactive' },
    });
    expect(off.statusCode).toBe(200);
    expect((await get('/auth/me', member.accessToken)).statusCode).toBe(401);
  });
});
