import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUTO_PAY_THRESHOLD,
  type MeetingInsights,
  type Parameter,
  type Threshold,
} from '@parley/contracts';
import { meetings } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';

let admin: SignedIn;
let poc: SignedIn;
let member: SignedIn;
let outsider: SignedIn;

useTestApp(
  async ({ as }) => {
    admin = await as('admin');
    poc = await as('poc');
    member = await as('member');
    outsider = await as('outsider');
  },
  { env: { FREE_MEETING_CREDITS: '45', THRESHOLD_HR_SCORE: '65' } },
);

const as = (who: SignedIn | undefined) => (who ? { token: who.accessToken } : {});
const get = (who: SignedIn, path: string) => call(ctx, 'GET', path, as(who));
type Page<T> = { data: T[]; count: number };

async function parameterNamed(key: string): Promise<Parameter> {
  const page = json<Page<Parameter>>(await get(admin, `/parameter?search=${key}&size=100`));
  const found = page.data.find((p) => p.key === key);
  if (!found) throw new Error(`no parameter ${key}`);
  return found;
}

describe('parameters (spec 3 §7 Parameters)', () => {
  it('seeds the known parameters with the environment values', async () => {
    const res = await get(admin, '/parameter?sort=key:asc');
    expect(res.statusCode).toBe(200);
    const page = json<Page<Parameter>>(res);
    expect(page.data.map((p) => [p.key, p.value])).toEqual([
      ['AUTO_PAY_THRESHOLD', String(DEFAULT_AUTO_PAY_THRESHOLD)],
      ['FREE_MEETING_CREDITS', '45'],
      // No tax by default.
      ['TAX_RATE_BASIS_POINTS', '0'],
      ['THRESHOLD_HR_SCORE', '65'],
    ]);
    expect(page.count).toBe(4);
    expect(page.data[3]?.description).toContain('Candidate Analysis');
  });

  it('creates, pages, updates and deletes a parameter', async () => {
    const created = await call(ctx, 'POST', '/parameter', {
      ...as(admin),
      payload: { key: 'SUPPORT_HOURS', value: '9-17', description: 'When support answers' },
    });
    expect(created.statusCode).toBe(201);
    const row = json<Parameter>(created);
    expect(row).toMatchObject({ key: 'SUPPORT_HOURS', value: '9-17' });

    const again = await call(ctx, 'POST', '/parameter', {
      ...as(admin),
      payload: { key: 'SUPPORT_HOURS', value: '1' },
    });
    expect(again.statusCode).toBe(409);

    const firstPage = json<Page<Parameter>>(await get(admin, '/parameter?size=2&sort=key:desc'));
    expect(firstPage.count).toBe(5);
    expect(firstPage.data.map((p) => p.key)).toEqual([
      'THRESHOLD_HR_SCORE',
      'TAX_RATE_BASIS_POINTS',
    ]);

    const patched = await call(ctx, 'PATCH', `/parameter/${row.id}`, {
      ...as(admin),
      payload: { value: '8-18' },
    });
    expect(patched.statusCode).toBe(200);
    expect(json<Parameter>(patched)).toMatchObject({
      value: '8-18',
      description: 'When support answers',
    });

    expect((await call(ctx, 'DELETE', `/parameter/${row.id}`, as(admin))).statusCode).toBe(200);
    expect((await call(ctx, 'DELETE', `/parameter/${row.id}`, as(admin))).statusCode).toBe(404);
    expect(
      (await call(ctx, 'PATCH', '/parameter/nope', { ...as(admin), payload: {} })).statusCode,
    ).toBe(404);
  });

  it('refuses a known parameter outside its bounds and a malformed key', async () => {
    const threshold = await parameterNamed('THRESHOLD_HR_SCORE');
    const res = await call(ctx, 'PATCH', `/parameter/${threshold.id}`, {
      ...as(admin),
      payload: { value: '140' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('THRESHOLD_HR_SCORE must be a whole number from 0 to 100');
    const badKey = await call(ctx, 'POST', '/parameter', {
      ...as(admin),
      payload: { key: 'lower case', value: '1' },
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('is for the super admin only', async () => {
    for (const who of [poc, member]) {
      expect((await get(who, '/parameter')).statusCode).toBe(403);
      expect(
        (await call(ctx, 'POST', '/parameter', { ...as(who), payload: { key: 'X', value: '1' } }))
          .statusCode,
      ).toBe(403);
      const id = (await parameterNamed('FREE_MEETING_CREDITS')).id;
      expect(
        (await call(ctx, 'PATCH', `/parameter/${id}`, { ...as(who), payload: { value: '0' } }))
          .statusCode,
      ).toBe(403);
      expect((await call(ctx, 'DELETE', `/parameter/${id}`, as(who))).statusCode).toBe(403);
      expect((await get(who, '/parameter/thresholds')).statusCode).toBe(403);
      expect(
        (
          await call(ctx, 'POST', '/parameter/create-threshold', {
            ...as(who),
            payload: { organizationId: who.user.organizationId, value: 1 },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call(ctx, 'GET', '/parameter')).statusCode).toBe(401);
  });
});

describe('thresholds per organisation and the values that apply', () => {
  it('serves the frontend parameters from the parameter, the organisation threshold winning', async () => {
    const acme = poc.user.organizationId;
    expect(json(await get(member, '/parameter/parameters'))).toEqual({ THRESHOLD_HR_SCORE: 65 });

    const threshold = await parameterNamed('THRESHOLD_HR_SCORE');
    await call(ctx, 'PATCH', `/parameter/${threshold.id}`, {
      ...as(admin),
      payload: { value: '72' },
    });
    expect(json(await get(member, '/parameter/threshold-values'))).toEqual({
      THRESHOLD_HR_SCORE: 72,
    });

    const created = await call(ctx, 'POST', '/parameter/create-threshold', {
      ...as(admin),
      payload: { organizationId: acme, key: 'THRESHOLD_HR_SCORE', value: 80 },
    });
    expect(created.statusCode).toBe(201);
    const own = json<Threshold>(created);
    expect(own).toMatchObject({ organizationId: acme, organizationName: 'Acme Corp', value: 80 });

    // Acme reads its own threshold; another organisation still reads the parameter.
    expect(json(await get(member, '/parameter/threshold-values'))).toEqual({
      THRESHOLD_HR_SCORE: 80,
    });
    expect(json(await get(poc, '/parameter/parameters'))).toEqual({ THRESHOLD_HR_SCORE: 80 });
    expect(json(await get(outsider, '/parameter/threshold-values'))).toEqual({
      THRESHOLD_HR_SCORE: 72,
    });

    const duplicate = await call(ctx, 'POST', '/parameter/create-threshold', {
      ...as(admin),
      payload: { organizationId: acme, value: 50 },
    });
    expect(duplicate.statusCode).toBe(409);

    const updated = await call(ctx, 'PATCH', `/parameter/update-threshold/${own.id}`, {
      ...as(admin),
      payload: { value: 55 },
    });
    expect(json<Threshold>(updated).value).toBe(55);
    expect(json(await get(member, '/parameter/threshold-values'))).toEqual({
      THRESHOLD_HR_SCORE: 55,
    });

    // The Candidate Analysis of Acme's meetings uses Acme's threshold.
    const [meeting] = await ctx.database.db
      .insert(meetings)
      .values({
        organizationId: acme,
        ownerId: member.user.id,
        meetingName: 'Interview',
        meetingCode: 'interview.wav',
        inferenceStatus: 'processed',
        durationSec: 30,
      })
      .returning();
    const insights = await get(member, `/text-analytics/meeting/${meeting?.id}`);
    expect(json<MeetingInsights>(insights).threshold).toBe(55);

    const list = json<Page<Threshold>>(await get(admin, '/parameter/thresholds?search=acme'));
    expect(list).toMatchObject({ count: 1, data: [{ id: own.id, value: 55, effective: 55 }] });
    // Every organisation is listed; one without its own value shows the parameter's.
    const other = json<Page<Threshold>>(await get(admin, '/parameter/thresholds?search=elsewhere'));
    expect(other.data).toEqual([
      expect.objectContaining({
        id: null,
        organizationName: 'Elsewhere',
        value: null,
        effective: 72,
      }),
    ]);
    expect(
      (
        await call(ctx, 'PATCH', `/parameter/update-threshold/${outsider.user.id}`, {
          ...as(admin),
          payload: { value: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx, 'POST', '/parameter/create-threshold', {
          ...as(admin),
          payload: { organizationId: outsider.user.id, value: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('falls back to the environment default when the parameter is deleted', async () => {
    const credits = await parameterNamed('FREE_MEETING_CREDITS');
    expect((await call(ctx, 'DELETE', `/parameter/${credits.id}`, as(admin))).statusCode).toBe(200);
    const threshold = await parameterNamed('THRESHOLD_HR_SCORE');
    await call(ctx, 'DELETE', `/parameter/${threshold.id}`, as(admin));
    expect(json(await get(outsider, '/parameter/threshold-values'))).toEqual({
      THRESHOLD_HR_SCORE: 65,
    });
  });
});
