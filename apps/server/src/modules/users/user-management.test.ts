import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_ROLE_PERMISSIONS,
  ROLES,
  type CustomRole,
  type DefaultRole,
  type Group,
  type ManagedUser,
  type UserPerson,
} from '@parley/contracts';
import { meetings, users } from '../../platform/db/schema.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json, signIn, type SignedIn } from '../../test/context.js';

const who = useSignedInApp(['admin', 'poc', 'member', 'outsider']);
let acme: string;
beforeAll(() => {
  acme = who.poc.user.organizationId;
});

type Page = { data: ManagedUser[]; count: number };
const get = (path: string, s: SignedIn = who.poc) =>
  call(ctx, 'GET', path, { token: s.accessToken });
const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  s: SignedIn = who.poc,
) => call(ctx, method, path, { token: s.accessToken, payload });

let seq = 0;
async function newUser(extra: Record<string, unknown> = {}, s: SignedIn = who.poc) {
  seq += 1;
  const res = await send(
    'POST',
    '/user',
    {
      firstName: 'Nia',
      lastName: `Tester${seq}`,
      email: `nia${seq}-${Date.now()}@acme.example`,
      ...extra,
    },
    s,
  );
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: ManagedUser; message: string }>(res);
}
async function newGroup(name: string, s: SignedIn = who.poc) {
  const res = await send('POST', '/group', { name }, s);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: Group }>(res).data;
}
async function newRole(payload: Record<string, unknown>, s: SignedIn = who.poc) {
  const res = await send('POST', '/role', payload, s);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: CustomRole }>(res).data;
}
async function addMeeting(ownerId: string, organizationId = acme) {
  const [row] = await ctx.database.db
    .insert(meetings)
    .values({
      organizationId,
      ownerId,
      meetingName: 'Kept call',
      meetingCode: `kept-${Date.now()}-${seq++}`,
    })
    .returning({ id: meetings.id });
  return row!.id;
}

describe('users: create, list, search, group filter, paging', () => {
  it('creates a user with groups and e-mails them where to sign in; they can sign in', async () => {
    const group = await newGroup('Enterprise desk');
    const { data, message } = await newUser({
      email: 'ola.new@acme.example',
      role: 'salesRep',
      position: 'Sales Rep',
      groupIds: [group.id],
    });
    expect(message).toBe('Invitation sent to ola.new@acme.example');
    expect(data).toMatchObject({
      email: 'ola.new@acme.example',
      role: 'salesRep',
      status: 'active',
      organizationId: acme,
      groups: [{ id: group.id, name: 'Enterprise desk' }],
      customRole: null,
    });
    const mail = ctx.mail.filter((m) => m.to === 'ola.new@acme.example').at(-1);
    expect(mail?.text).toContain('/signin?email=ola.new%40acme.example');
    const session = await signIn(ctx, 'ola.new@acme.example');
    expect(session.user.organizationId).toBe(acme);

    const filtered = json<Page>(
      await get(`/user/organization/${acme}/all?page=0&size=10&filter=groupId:eq:${group.id}`),
    );
    expect(filtered.count).toBe(1);
    expect(filtered.data[0]?.email).toBe('ola.new@acme.example');

    const searched = json<Page>(await get(`/user/organization/${acme}/all?search=OLA.NEW`));
    expect(searched.data.map((u) => u.email)).toEqual(['ola.new@acme.example']);
  });

  it('pages by size and answers the total count; user/query answers {users, count}', async () => {
    const first = json<Page>(
      await get(`/user/organization/${acme}/all?page=0&size=2&sort=email:asc`),
    );
    const second = json<Page>(
      await get(`/user/organization/${acme}/all?page=1&size=2&sort=email:asc`),
    );
    expect(first.data).toHaveLength(2);
    expect(first.count).toBeGreaterThan(3);
    expect(second.count).toBe(first.count);
    expect(second.data[0]!.email > first.data[1]!.email).toBe(true);

    const q = json<{ users: ManagedUser[]; count: number }>(await get('/user/query?size=100'));
    expect(q.count).toBe(first.count);
    expect(q.users.every((u) => u.organizationId === acme)).toBe(true);
    // The super admin sees the platform's users unless they name an organisation.
    const all = json<{ users: ManagedUser[]; count: number }>(await get('/user/query', who.admin));
    expect(all.count).toBeGreaterThan(first.count);
    const named = json<{ count: number }>(
      await get(`/user/query?organizationId=${acme}`, who.admin),
    );
    expect(named.count).toBe(first.count);
    expect(json(await get('/user/count'))).toEqual({ count: first.count });
  });

  it('a duplicate e-mail is a clear 409; a bad filter is 400', async () => {
    const res = await send('POST', '/user', { firstName: 'Dup', email: 'USER@acme.parley.local' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('An account with this e-mail already exists');
    expect((await get(`/user/organization/${acme}/all?filter=name:eq:x`)).statusCode).toBe(400);
  });

  it('positions, the sales manager list, one user', async () => {
    const positions = json<{ data: string[] }>(await get('/user/positions')).data;
    expect(positions).toEqual(expect.arrayContaining(['Sales Manager', 'Sales Rep']));
    expect(positions).not.toContain('B2CUSER');
    const managers = json<{ data: UserPerson[] }>(
      await get(`/user/organization/${acme}?role=salesManager`),
    ).data;
    expect(managers.map((m) => m.email)).toEqual(['manager@acme.parley.local']);
    const rep = await newUser({ role: 'salesRep', salesManagerId: managers[0]!.id });
    expect(rep.data.salesManager?.email).toBe('manager@acme.parley.local');
    const one = json<{ data: ManagedUser }>(await get(`/user/${rep.data.id}`)).data;
    expect(one.salesManager?.id).toBe(managers[0]!.id);
    // Only a rep has a manager, and only a sales manager of the organisation can be one.
    const notRep = await newUser({ role: 'user', salesManagerId: managers[0]!.id });
    expect(notRep.data.salesManager).toBeNull();
    const bad = await send('POST', '/user', {
      firstName: 'X',
      email: 'x-bad-manager@acme.example',
      role: 'salesRep',
      salesManagerId: who.member.user.id,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('tenancy and permissions', () => {
  it('another organisation’s ids are 404 for a poc; the super admin reaches any', async () => {
    const mine = await newUser();
    const group = await newGroup('Tenancy group');
    const other = who.outsider.user.organizationId;
    for (const res of [
      await get(`/user/${mine.data.id}`, who.outsider),
      await send('PATCH', `/user/${mine.data.id}`, { firstName: 'Hijack' }, who.outsider),
      await send('DELETE', `/user/${mine.data.id}`, undefined, who.outsider),
      await get(`/user/organization/${acme}/all`, who.outsider),
      await get(`/user/organization/${acme}`, who.outsider),
      await send('PATCH', `/group/${group.id}`, { name: 'Mine now' }, who.outsider),
      await send('DELETE', `/group/${group.id}`, undefined, who.outsider),
      await get(`/group/organizationGroups?filter=organizationId:eq:${acme}`, who.outsider),
      await get(`/role/organization?organizationId=${acme}`, who.outsider),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await get(`/user/organization/${other}/all`, who.admin)).statusCode).toBe(200);
    const created = await newUser({ organizationId: other }, who.admin);
    expect(created.data.organizationId).toBe(other);
    expect(json<{ data: ManagedUser }>(await get(`/user/${mine.data.id}`, who.admin)).data.id).toBe(
      mine.data.id,
    );
  });

  it('a member has no users.read or users.manage: 403', async () => {
    expect((await get(`/user/organization/${acme}/all`, who.member)).statusCode).toBe(403);
    expect((await send('POST', '/group', { name: 'Nope' }, who.member)).statusCode).toBe(403);
    expect(
      (await send('POST', '/role', { name: 'Nope', permissions: [] }, who.member)).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/user', { firstName: 'N', email: 'n@acme.example' }, who.member))
        .statusCode,
    ).toBe(403);
  });

  it('nobody deactivates or deletes themself', async () => {
    const self = await send('PATCH', `/user/${who.poc.user.id}`, { status: 'inactive' });
    expect(self.statusCode).toBe(400);
    expect(json(self).message).toBe('You cannot deactivate or delete your own account');
    expect((await send('DELETE', `/user/${who.poc.user.id}`)).statusCode).toBe(400);
  });
});

describe('deactivation and deletion', () => {
  it('a deactivated user cannot call the API or sign in; reactivated they can', async () => {
    const { data } = await newUser({ email: 'soon.gone@acme.example' });
    const session = await signIn(ctx, 'soon.gone@acme.example');
    expect((await get('/auth/me', session)).statusCode).toBe(200);
    const off = await send('PATCH', `/user/${data.id}`, { status: 'inactive' });
    expect(json<{ data: ManagedUser }>(off).data.status).toBe('inactive');
    expect((await get('/auth/me', session)).statusCode).toBe(401);
    const refresh = await call(ctx, 'POST', '/auth/refresh-credentials', {
      payload: { userId: data.id },
      cookie: session.cookie,
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signIn(ctx, 'soon.gone@acme.example')).rejects.toThrow();
    await send('PATCH', `/user/${data.id}`, { status: 'active' });
    expect((await signIn(ctx, 'soon.gone@acme.example')).user.id).toBe(data.id);
  });

  it('deleting a user keeps their meetings with the organisation', async () => {
    const { data } = await newUser();
    const meetingId = await addMeeting(data.id);
    const res = await send('DELETE', `/user/${data.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('User deleted; their meetings stay with the organization');
    const [kept] = await ctx.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(kept).toMatchObject({ organizationId: acme, ownerId: who.poc.user.id });
    expect((await get(`/user/${data.id}`)).statusCode).toBe(404);

    // The super admin deleting: the organisation's point of contact keeps them.
    const other = await newUser();
    const second = await addMeeting(other.data.id);
    expect((await send('DELETE', `/user/${other.data.id}`, undefined, who.admin)).statusCode).toBe(
      200,
    );
    const [heir] = await ctx.database.db.select().from(meetings).where(eq(meetings.id, second));
    expect(heir?.ownerId).toBe(who.poc.user.id);

    // An organisation whose only point of contact is the one deleted: nobody to keep them.
    const alone = await send('DELETE', `/user/${who.outsider.user.id}`, undefined, who.admin);
    expect(alone.statusCode).toBe(409);
    expect(json(alone).message).toBe(
      'The organization has no other point of contact to keep this user’s meetings',
    );
  });
});

describe('groups', () => {
  it('create, rename, deactivate, list, delete; a name is unique per organisation', async () => {
    const g = await newGroup('Pilots');
    expect(g).toMatchObject({ name: 'Pilots', status: 'active', usersCount: 0 });
    const dup = await send('POST', '/group', { name: 'Pilots' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe('A group with this name already exists');
    const renamed = await send('PATCH', `/group/${g.id}`, { name: 'Navigators' });
    expect(json<{ data: Group }>(renamed).data.name).toBe('Navigators');
    const off = await send('PATCH', `/group/${g.id}`, { status: 'inactive' });
    expect(json<{ data: Group }>(off).data.status).toBe('inactive');
    // Only active groups can be given to a user.
    const given = await send('POST', '/user', {
      firstName: 'G',
      email: 'grouped@acme.example',
      groupIds: [g.id],
    });
    expect(given.statusCode).toBe(400);
    const page = json<{ data: Group[]; count: number }>(await get('/group/all?search=navig'));
    expect(page.data.map((x) => x.id)).toEqual([g.id]);
    const mine = json<{ data: Group[] }>(
      await get(`/group/organizationGroups?filter=organizationId:eq:${acme}`),
    );
    expect(mine.data.some((x) => x.id === g.id)).toBe(true);
    expect(json<{ data: Group[] }>(await get('/user/group')).data.some((x) => x.id === g.id)).toBe(
      true,
    );
    expect((await send('DELETE', `/group/${g.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/group/${g.id}`)).statusCode).toBe(404);
  });

  it('a user can be in several groups; deleting a group keeps its members', async () => {
    const a = await newGroup('Alpha team');
    const b = await newGroup('Beta team');
    const { data } = await newUser({ groupIds: [a.id, b.id] });
    expect(data.groups.map((g) => g.name)).toEqual(['Alpha team', 'Beta team']);
    await send('DELETE', `/group/${a.id}`);
    const after = json<{ data: ManagedUser }>(await get(`/user/${data.id}`)).data;
    expect(after.groups.map((g) => g.name)).toEqual(['Beta team']);
  });
});

describe('roles', () => {
  it('GET role/organization answers {data, defaultRoles}; default roles cannot be changed', async () => {
    const body = json<{ data: CustomRole[]; defaultRoles: DefaultRole[] }>(
      await get('/role/organization'),
    );
    // Every role is a default role, in the contract's order.
    expect(body.defaultRoles.map((r) => r.role)).toEqual([...ROLES]);
    expect(body.defaultRoles[2]?.permissions).toEqual([...DEFAULT_ROLE_PERMISSIONS.user]);
    for (const name of ['poc', 'user', 'salesRep']) {
      expect((await send('DELETE', `/role/${name}`)).statusCode).toBe(400);
      const patched = await send('PATCH', `/role/${name}`, { name: 'Mine' });
      expect(json(patched).message).toBe('Default roles cannot be changed or deleted');
    }
  });

  it('a custom role: unique name, no platform.manage, nothing the caller lacks', async () => {
    const role = await newRole({ name: 'Auditor', permissions: ['meetings.read', 'logs.read'] });
    expect(role).toMatchObject({ baseRole: 'user', usersCount: 0 });
    expect((await send('POST', '/role', { name: 'auditor', permissions: [] })).statusCode).toBe(
      409,
    );
    expect(
      (await send('POST', '/role', { name: 'God', permissions: ['platform.manage'] })).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/role', { name: 'Boss', baseRole: 'poc', permissions: [] })).statusCode,
    ).toBe(400);
    // A custom-role holder with roles.manage cannot hand out what they lack.
    const limited = await newRole({
      name: 'Role keeper',
      permissions: ['roles.manage', 'users.read'],
    });
    const { data } = await newUser({ email: 'keeper@acme.example', roleId: limited.id });
    const keeper = await signIn(ctx, 'keeper@acme.example');
    expect(keeper.user.customRole?.id).toBe(limited.id);
    expect(data.role).toBe('user');
    const grab = await send(
      'POST',
      '/role',
      { name: 'Grab', permissions: ['users.manage'] },
      keeper,
    );
    expect(grab.statusCode).toBe(403);
    expect(json(grab).message).toBe('You cannot grant a permission you do not hold');
  });

  it('a role in use cannot be deleted; assigning a default role clears it', async () => {
    const role = await newRole({
      name: 'Closer',
      baseRole: 'salesRep',
      permissions: ['meetings.read'],
    });
    const { data } = await newUser({ roleId: role.id });
    expect(data).toMatchObject({ role: 'salesRep', customRole: { id: role.id, name: 'Closer' } });
    const busy = await send('DELETE', `/role/${role.id}`);
    expect(busy.statusCode, busy.body).toBe(409);
    expect(json(busy).message).toBe('1 user holds this role; give them another role first');
    // Changing the role's base moves its holders' kind of account with it.
    await send('PATCH', `/role/${role.id}`, { baseRole: 'salesManager' });
    const moved = json<{ data: ManagedUser }>(await get(`/user/${data.id}`)).data;
    expect(moved.role).toBe('salesManager');
    const back = await send('PATCH', `/user/${data.id}`, { role: 'user', roleId: null });
    expect(json<{ data: ManagedUser }>(back).data).toMatchObject({
      role: 'user',
      customRole: null,
    });
    expect((await send('DELETE', `/role/${role.id}`)).statusCode).toBe(200);
  });

  it('a custom role without meetings.manage cannot delete a meeting (403), and it takes effect at once', async () => {
    const viewer = await newRole({
      name: 'Viewer',
      permissions: ['meetings.read', 'meetings.upload', 'zai.use'],
    });
    const { data } = await newUser({ email: 'viewer@acme.example' });
    const session = await signIn(ctx, 'viewer@acme.example');
    const meetingId = await addMeeting(data.id);
    await send('PATCH', `/user/${data.id}`, { roleId: viewer.id });
    const refused = await call(ctx, 'DELETE', `/meeting/${meetingId}`, {
      token: session.accessToken,
    });
    expect(refused.statusCode).toBe(403);
    const [still] = await ctx.database.db.select().from(users).where(eq(users.id, data.id));
    expect(still?.roleId).toBe(viewer.id);
    await send('PATCH', `/role/${viewer.id}`, {
      permissions: ['meetings.read', 'meetings.manage'],
    });
    const allowed = await call(ctx, 'DELETE', `/meeting/${meetingId}`, {
      token: session.accessToken,
    });
    expect(allowed.statusCode).toBe(200);
  });
});
