import { describe, expect, it } from 'vitest';
import { ctx, useTestApp } from './app-kit.js';
import { call, type SignedIn } from './context.js';

const as: Partial<Record<'member' | 'admin' | 'outsider', SignedIn>> = {};
useTestApp(async (app) => {
  as.member = await app.as('member');
  as.admin = await app.as('admin');
  as.outsider = await app.as('outsider');
});

describe('useTestApp', () => {
  it('gives the file a seeded app and signs in the accounts its set-up asks for', async () => {
    expect(as.member?.user).toMatchObject({ email: 'user@acme.parley.local', role: 'user' });
    expect(as.admin?.user.role).toBe('superadmin');
    // The outsider signs up a team of their own: another tenant.
    expect(as.outsider?.user.email).toBe('lead@elsewhere.example');
    expect(as.outsider?.user.organizationId).not.toBe(as.member?.user.organizationId);
    const me = await call(ctx, 'GET', '/auth/me', { token: as.member?.accessToken });
    expect(me.statusCode).toBe(200);
  });
});
