import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_FREE_MEETING_CREDITS as FREE,
  type OrganizationDashboard,
  type OrganizationRecord,
  type Plan,
} from '@parley/contracts';
import { organizations } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, signIn, signUp } from '../../test/context.js';

let admin: string;
let poc: string;
let user: string;
let acmeId: string;

useTestApp(async ({ as }) => {
  admin = (await as('admin')).accessToken;
  const p = await as('poc');
  poc = p.accessToken;
  acmeId = p.user.organizationId;
  user = (await as('member')).accessToken;
});

type List = { data: OrganizationRecord[]; count: number };
const list = (query = '', token = admin) =>
  call(ctx, 'GET', `/organization/all${query}`, { token });
const invite = (organizationName: string, emailId: string, token = admin) =>
  call(ctx, 'POST', '/organization/invite', { token, payload: { organizationName, emailId } });

describe('the free plan', () => {
  it('a team sign-up starts on it; GET plan/free-meeting-credits says how many credits it has', async () => {
    const founder = await signUp(ctx, 'founder@freeco.example', { organizationName: 'FreeCo' });
    expect(founder.user.plan).toMatchObject({ name: 'Free', type: 'free', remainingCredits: FREE });
    const credits = await call(ctx, 'GET', '/plan/free-meeting-credits', {
      token: founder.accessToken,
    });
    expect(credits.statusCode).toBe(200);
    expect(json(credits)).toEqual({ data: { credits: FREE } });

    // It has a plan: POST plan is a clear 409 and changes nothing.
    const again = await call(ctx, 'POST', '/plan', { token: founder.accessToken });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Your organization already has a plan');

    // An organisation without a plan gets the free one with an empty body: 201.
    await ctx.database.db
      .update(organizations)
      .set({ planId: null })
      .where(eq(organizations.id, founder.user.organizationId));
    const created = await call(ctx, 'POST', '/plan', { token: founder.accessToken, payload: {} });
    expect(created.statusCode).toBe(201);
    expect(json<{ data: Plan }>(created).data).toMatchObject({
      type: 'free',
      remainingCredits: FREE,
    });
    const me = await call(ctx, 'GET', '/auth/me', { token: founder.accessToken });
    expect(json<{ plan: Plan }>(me).plan.type).toBe('free');
  });

  it('only members with billing permission create a plan; anyone signed in reads the credits', async () => {
    expect((await call(ctx, 'POST', '/plan', { token: user })).statusCode).toBe(403);
    expect((await call(ctx, 'POST', '/plan')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/plan/free-meeting-credits', { token: user })).statusCode).toBe(
      200,
    );
    expect((await call(ctx, 'GET', '/plan/free-meeting-credits')).statusCode).toBe(401);
  });
});

describe('organisation management (super admin)', () => {
  it('lists organisations newest first, searched by name or point of contact, paged', async () => {
    const all = json<List>(await list());
    expect(all.count).toBe(all.data.length);
    const acme = all.data.find((o) => o.id === acmeId);
    expect(acme).toMatchObject({
      name: 'Acme Corp',
      usersCount: 4,
      planName: 'Acme Growth',
      pointOfContact: { email: 'poc@acme.parley.local', firstName: 'Paula' },
    });
    const byName = json<List>(await list('?search=acme'));
    expect(byName.data.map((o) => o.name)).toEqual(['Acme Corp']);
    expect(byName.count).toBe(1);
    const byContact = json<List>(await list('?search=poc%40acme'));
    expect(byContact.data.map((o) => o.id)).toEqual([acmeId]);
    // '%' is a character to look for, not a wildcard.
    expect(json<List>(await list('?search=%25')).count).toBe(0);

    const first = json<List>(await list('?page=0&size=1'));
    const second = json<List>(await list('?page=1&size=1'));
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.count).toBe(all.count);
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
  });

  it('invites an organisation: free plan, point of contact, a sign-in link by e-mail', async () => {
    const res = await invite('Initech', 'Bill.Lumbergh@Initech.example');
    expect(res.statusCode).toBe(201);
    const { data, message } = json<{ data: OrganizationRecord; message: string }>(res);
    expect(message).toBe('Invitation sent to bill.lumbergh@initech.example');
    expect(data).toMatchObject({
      name: 'Initech',
      usersCount: 1,
      planName: 'Free',
      pointOfContact: { email: 'bill.lumbergh@initech.example', firstName: 'Bill' },
    });
    const mail = ctx.mail.at(-1);
    expect(mail?.to).toBe('bill.lumbergh@initech.example');
    expect(mail?.text).toContain(
      'http://localhost:8080/signin?email=bill.lumbergh%40initech.example',
    );

    // The invited contact signs in like anyone else, as the point of contact on the free plan.
    const bill = await signIn(ctx, 'bill.lumbergh@initech.example');
    expect(bill.user).toMatchObject({
      role: 'poc',
      organizationId: data.id,
      organization: { name: 'Initech' },
      plan: { type: 'free' },
    });
  });

  it('refuses an address that already has an account with a clear 409, creating nothing', async () => {
    const before = json<List>(await list()).count;
    for (const email of ['user@acme.parley.local', 'bill.lumbergh@initech.example']) {
      const res = await invite('Copycat', email);
      expect(res.statusCode).toBe(409);
      expect(json(res).message).toBe('An account with this e-mail already exists');
    }
    expect(json<List>(await list()).count).toBe(before);
    const bad = await invite('', 'not-an-address');
    expect(bad.statusCode).toBe(400);
  });

  it('renames an organisation; unknown ids are 404', async () => {
    const initech = json<List>(await list('?search=initech')).data[0];
    const res = await call(ctx, 'PATCH', `/organization/${initech?.id}`, {
      token: admin,
      payload: { name: 'Initech Global' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: OrganizationRecord }>(res).data.name).toBe('Initech Global');
    const got = await call(ctx, 'GET', `/organization/${initech?.id}`, { token: admin });
    expect(json<{ data: OrganizationRecord }>(got).data.name).toBe('Initech Global');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call(ctx, 'GET', `/organization/${id}`, { token: admin })).statusCode).toBe(
        404,
      );
      const patch = await call(ctx, 'PATCH', `/organization/${id}`, {
        token: admin,
        payload: { name: 'X' },
      });
      expect(patch.statusCode).toBe(404);
    }
  });

  it('shows a dashboard: users, activity per day, top users, groups, plan, point of contact', async () => {
    const res = await call(ctx, 'GET', `/organization/dashboard/${acmeId}`, { token: admin });
    expect(res.statusCode).toBe(200);
    const d = json<{ data: OrganizationDashboard }>(res).data;
    expect(d.usersCount).toBe(4);
    expect(d.groupCount).toBe(0);
    expect(d.departmentCount).toBe(0);
    expect(d.groups).toEqual({});
    expect(d.invoices).toEqual([]);
    expect(d.plan?.name).toBe('Acme Growth');
    expect(d.pointOfContact?.email).toBe('poc@acme.parley.local');
    expect(Object.values(d.users)).toContain('Paula Contact');
    // The calls made above by Acme's members are in the activity log.
    expect(d.activityCount).toBeGreaterThanOrEqual(3);
    expect(d.topUsers[0]?.activityCount).toBeGreaterThan(0);
    expect(d.topUsers.map((u) => u.email)).toContain('poc@acme.parley.local');
    expect(d.activityByDay).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(d.activityByDay.at(-1)).toEqual({ date: today, count: d.activityCount });
    const week = json<{ data: OrganizationDashboard }>(
      await call(ctx, 'GET', `/organization/dashboard/${acmeId}?days=7`, { token: admin }),
    ).data;
    expect(week.activityByDay).toHaveLength(7);
  });

  it('is the super admin’s only: members of an organisation get 403, no token 401', async () => {
    const someId = acmeId;
    // GET and PATCH organization/{id} are also the point of contact's, for their own
    // organisation only (addresses.test.ts).
    const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', unknown?][] = [
      ['/organization/all', 'GET'],
      ['/organization/invite', 'POST', { organizationName: 'Evil', emailId: 'evil@evil.example' }],
      [`/organization/dashboard/${someId}`, 'GET'],
      [`/organization/${someId}`, 'DELETE', { confirmName: 'Acme Corp' }],
    ];
    for (const [path, method, payload] of attempts) {
      for (const token of [poc, user]) {
        const res = await call(ctx, method, path, { token, payload });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
      expect((await call(ctx, method, path, { payload })).statusCode).toBe(401);
    }
    const acme = json<{ data: OrganizationRecord }>(
      await call(ctx, 'GET', `/organization/${acmeId}`, { token: admin }),
    ).data;
    expect(acme.name).toBe('Acme Corp');
  });

  it('deleting asks for the name typed again, never the caller’s own, and closes it at once', async () => {
    const initech = json<List>(await list('?search=initech')).data[0];
    const path = `/organization/${initech?.id}`;
    const bill = await signIn(ctx, 'bill.lumbergh@initech.example');
    const wrong = await call(ctx, 'DELETE', path, {
      token: admin,
      payload: { confirmName: 'Initech' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe('Type the organization’s name exactly to delete it');
    const adminOrg = await signIn(ctx, 'admin@parley.local');
    admin = adminOrg.accessToken;
    const own = await call(ctx, 'DELETE', `/organization/${adminOrg.user.organizationId}`, {
      token: admin,
      payload: { confirmName: adminOrg.user.organization.name },
    });
    expect(own.statusCode).toBe(400);

    const res = await call(ctx, 'DELETE', path, {
      token: admin,
      payload: { confirmName: 'Initech Global' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Initech Global is being deleted');
    // From the first second: the contact's token and session are refused, nobody can sign in.
    expect((await call(ctx, 'GET', '/auth/me', { token: bill.accessToken })).statusCode).toBe(401);
    const refresh = await call(ctx, 'POST', '/auth/refresh-credentials', {
      cookie: bill.cookie,
      payload: { userId: bill.user.id },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signIn(ctx, 'bill.lumbergh@initech.example')).rejects.toThrow(/no code/);
    // Hidden from the super admin's pages.
    expect(json<List>(await list('?search=initech')).count).toBe(0);
    expect((await call(ctx, 'GET', path, { token: admin })).statusCode).toBe(404);
    expect(
      (await call(ctx, 'GET', `/organization/dashboard/${initech?.id}`, { token: admin }))
        .statusCode,
    ).toBe(404);
    const twice = await call(ctx, 'DELETE', path, {
      token: admin,
      payload: { confirmName: 'Initech Global' },
    });
    expect(twice.statusCode).toBe(404);
  });
});
