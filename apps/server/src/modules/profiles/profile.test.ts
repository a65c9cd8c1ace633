import { describe, expect, it } from 'vitest';
import type { OrganizationProfile, SessionUser, UserSettings } from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, signIn, type SignedIn } from '../../test/context.js';

let poc: SignedIn;
let user: SignedIn;
let manager: SignedIn;
useTestApp(async ({ as }) => {
  poc = await as('poc');
  user = await as('member');
  manager = await as('manager');
});

const me = async (s: SignedIn) =>
  json<SessionUser>(await call(ctx, 'GET', '/auth/me', { token: s.accessToken }));

describe('GET|PATCH user', () => {
  it('answers the caller’s own profile', async () => {
    const res = await call(ctx, 'GET', '/user', { token: user.accessToken });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(await me(user));
  });

  it('changes the caller’s own name, trimmed, and nothing else', async () => {
    const res = await call(ctx, 'PATCH', '/user', {
      token: user.accessToken,
      payload: { firstName: '  Grace ', lastName: 'Hopper', position: 'Sales Manager' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<SessionUser>(res)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      position: null,
      role: 'user',
    });
    expect(await me(user)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('cannot reach another user: an id in the body changes the caller only', async () => {
    const before = await me(manager);
    const res = await call(ctx, 'PATCH', '/user', {
      token: user.accessToken,
      payload: { id: manager.user.id, firstName: 'Mallory', lastName: '' },
    });
    expect(json<SessionUser>(res).id).toBe(user.user.id);
    expect(await me(manager)).toEqual(before);
  });

  it('requires a first name, and a session', async () => {
    const res = await call(ctx, 'PATCH', '/user', {
      token: user.accessToken,
      payload: { firstName: '  ', lastName: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Please enter your first name');
    expect((await call(ctx, 'GET', '/user')).statusCode).toBe(401);
    const anonymous = await call(ctx, 'PATCH', '/user', {
      payload: { firstName: 'A', lastName: '' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET|PATCH organization', () => {
  it('any member reads their own organisation', async () => {
    const res = await call(ctx, 'GET', '/organization', { token: user.accessToken });
    expect(res.statusCode).toBe(200);
    expect(json<OrganizationProfile>(res)).toEqual((await me(user)).organization);
  });

  it('the point of contact renames it; members see the new name', async () => {
    const res = await call(ctx, 'PATCH', '/organization', {
      token: poc.accessToken,
      payload: { name: ' Acme Research ' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<OrganizationProfile>(res).name).toBe('Acme Research');
    expect((await me(user)).organization.name).toBe('Acme Research');
  });

  it('is refused to other roles with 403, and an empty name with 400', async () => {
    for (const s of [user, manager]) {
      const res = await call(ctx, 'PATCH', '/organization', {
        token: s.accessToken,
        payload: { name: 'Taken over' },
      });
      expect(res.statusCode).toBe(403);
    }
    const empty = await call(ctx, 'PATCH', '/organization', {
      token: poc.accessToken,
      payload: { name: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('Please enter the organisation name');
    expect((await me(poc)).organization.name).toBe('Acme Research');
  });

  it('the super admin edits their own organisation, never the one of an id they send', async () => {
    const admin = await signIn(ctx, 'admin@parley.local');
    const res = await call(ctx, 'PATCH', '/organization', {
      token: admin.accessToken,
      payload: { id: poc.user.organizationId, name: 'Parley HQ' },
    });
    expect(json<OrganizationProfile>(res).id).toBe(admin.user.organizationId);
    expect((await me(poc)).organization.name).toBe('Acme Research');
  });
});

describe('GET|PATCH user/settings', () => {
  it('starts with no theme chosen and keeps what the user picks, per user', async () => {
    const get = (s: SignedIn) => call(ctx, 'GET', '/user/settings', { token: s.accessToken });
    expect(json<UserSettings>(await get(user))).toEqual({ theme: null });
    const res = await call(ctx, 'PATCH', '/user/settings', {
      token: user.accessToken,
      payload: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<UserSettings>(res)).toEqual({ theme: 'dark' });
    expect(json<UserSettings>(await get(user))).toEqual({ theme: 'dark' });
    expect(json<UserSettings>(await get(manager))).toEqual({ theme: null });
    // An empty change keeps everything.
    const same = await call(ctx, 'PATCH', '/user/settings', {
      token: user.accessToken,
      payload: {},
    });
    expect(json<UserSettings>(same)).toEqual({ theme: 'dark' });
  });

  it('refuses an unknown theme or setting', async () => {
    for (const payload of [{ theme: 'neon' }, { fontSize: 40 }]) {
      const res = await call(ctx, 'PATCH', '/user/settings', { token: user.accessToken, payload });
      expect(res.statusCode).toBe(400);
    }
  });
});
