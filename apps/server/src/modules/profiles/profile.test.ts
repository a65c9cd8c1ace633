import { describe, expect, it } from 'vitest';
import type { OrganizationProfile, SessionUser, UserSettings } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json, signIn, type SignedIn } from '../../test/context.js';

const who = useSignedInApp(['poc', 'member', 'manager']);

const me = async (s: SignedIn) =>
  json<SessionUser>(await call(ctx, 'GET', '/auth/me', { token: s.accessToken }));

describe('GET|PATCH user', () => {
  it('answers the caller’s own profile', async () => {
    const res = await call(ctx, 'GET', '/user', { token: who.member.accessToken });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(await me(who.member));
  });

  it('changes the caller’s own name, trimmed, and nothing else', async () => {
    const res = await call(ctx, 'PATCH', '/user', {
      token: who.member.accessToken,
      payload: { firstName: '  Grace ', lastName: 'Hopper', position: 'Sales Manager' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<SessionUser>(res)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      position: null,
      role: 'user',
    });
    expect(await me(who.member)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('cannot reach another user: an id in the body changes the caller only', async () => {
    const before = await me(who.manager);
    const res = await call(ctx, 'PATCH', '/user', {
      token: who.member.accessToken,
      payload: { id: who.manager.user.id, firstName: 'Mallory', lastName: '' },
    });
    expect(json<SessionUser>(res).id).toBe(who.member.user.id);
    expect(await me(who.manager)).toEqual(before);
  });

  it('requires a first name, and a session', async () => {
    const res = await call(ctx, 'PATCH', '/user', {
      token: who.member.accessToken,
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
    const res = await call(ctx, 'GET', '/organization', { token: who.member.accessToken });
    expect(res.statusCode).toBe(200);
    expect(json<OrganizationProfile>(res)).toEqual((await me(who.member)).organization);
  });

  it('the point of contact renames it; members see the new name', async () => {
    const res = await call(ctx, 'PATCH', '/organization', {
      token: who.poc.accessToken,
      payload: { name: ' Acme Research ' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<OrganizationProfile>(res).name).toBe('Acme Research');
    expect((await me(who.member)).organization.name).toBe('Acme Research');
  });

  it('is refused to other roles with 403, and an empty name with 400', async () => {
    for (const s of [who.member, who.manager]) {
      const res = await call(ctx, 'PATCH', '/organization', {
        token: s.accessToken,
        payload: { name: 'Taken over' },
      });
      expect(res.statusCode).toBe(403);
    }
    const empty = await call(ctx, 'PATCH', '/organization', {
      token: who.poc.accessToken,
      payload: { name: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('Please enter the organization name');
    expect((await me(who.poc)).organization.name).toBe('Acme Research');
  });

  it('the super admin edits their own organisation, never the one of an id they send', async () => {
    const admin = await signIn(ctx, 'admin@parley.local');
    const res = await call(ctx, 'PATCH', '/organization', {
      token: admin.accessToken,
      payload: { id: who.poc.user.organizationId, name: 'Parley HQ' },
    });
    expect(json<OrganizationProfile>(res).id).toBe(admin.user.organizationId);
    expect((await me(who.poc)).organization.name).toBe('Acme Research');
  });
});

describe('GET|PATCH user/settings', () => {
  it('starts with no theme chosen and keeps what the user picks, per user', async () => {
    const get = (s: SignedIn) => call(ctx, 'GET', '/user/settings', { token: s.accessToken });
    expect(json<UserSettings>(await get(who.member))).toEqual({ theme: null });
    const res = await call(ctx, 'PATCH', '/user/settings', {
      token: who.member.accessToken,
      payload: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<UserSettings>(res)).toEqual({ theme: 'dark' });
    expect(json<UserSettings>(await get(who.member))).toEqual({ theme: 'dark' });
    expect(json<UserSettings>(await get(who.manager))).toEqual({ theme: null });
    // An empty change keeps everything.
    const same = await call(ctx, 'PATCH', '/user/settings', {
      token: who.member.accessToken,
      payload: {},
    });
    expect(json<UserSettings>(same)).toEqual({ theme: 'dark' });
  });

  it('refuses an unknown theme or setting', async () => {
    for (const payload of [{ theme: 'neon' }, { fontSize: 40 }]) {
      const res = await call(ctx, 'PATCH', '/user/settings', {
        token: who.member.accessToken,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
