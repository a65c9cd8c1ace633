import { describe, expect, it } from 'vitest';
import { ANALYSIS_MESSAGES as A, HIGHLIGHT_MAX_SECONDS, type Highlight } from '@parley/contracts';
import { meetings } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, expectRefusal } from '../../test/context.js';

let owner: string;
let poc: string;
let manager: string;
let rep: string;
let seeker: string;
let outsider: string;
let meetingId: string;

const create = (token: string, body: Record<string, unknown>) =>
  call(ctx, 'POST', '/highlights', { token, payload: { meetingId, ...body } });
const update = (token: string, id: string, body: Record<string, unknown>) =>
  call(ctx, 'PATCH', `/highlights/${id}`, { token, payload: body });
const remove = (token: string, id: string) => call(ctx, 'DELETE', `/highlights/${id}`, { token });
const list = (token: string, id = meetingId) => call(ctx, 'GET', `/highlights/${id}`, { token });
const share = (email: string) =>
  call(ctx, 'POST', `/share/${meetingId}`, { token: owner, payload: { email } });

useTestApp(async ({ as }) => {
  const o = await as('member');
  owner = o.accessToken;
  poc = (await as('poc')).accessToken;
  manager = (await as('manager')).accessToken;
  rep = (await as('rep')).accessToken;
  seeker = (await as('seeker')).accessToken;
  outsider = (await as('outsider')).accessToken;
  const [row] = await ctx.database.db
    .insert(meetings)
    .values({
      organizationId: o.user.organizationId,
      ownerId: o.user.id,
      meetingName: 'Quarterly review',
      meetingCode: 'Quarterly review.mp4',
      durationSec: 1800,
    })
    .returning();
  if (!row) throw new Error('no meeting');
  meetingId = row.id;
});

describe('highlights', () => {
  it('are created, listed in time order, changed and deleted by their author', async () => {
    const later = await create(owner, { startTime: 300, endTime: 320.5, title: ' Pricing ' });
    expect(later.statusCode).toBe(201);
    const h = json<Highlight>(later);
    expect(h).toMatchObject({
      meetingId,
      startTime: 300,
      endTime: 320.5,
      title: 'Pricing',
      note: null,
    });
    const first = json<Highlight>(
      await create(owner, { startTime: 12, endTime: 30, title: 'Intro', note: 'who is who' }),
    );
    expect(json<Highlight[]>(await list(owner)).map((x) => x.title)).toEqual(['Intro', 'Pricing']);

    const changed = await update(owner, h.id, {
      startTime: 290,
      endTime: 330,
      title: 'Pricing, again',
      note: 'follow up',
    });
    expect(json(changed)).toMatchObject({ id: h.id, startTime: 290, note: 'follow up' });
    expect(json(await remove(owner, first.id))).toEqual({ message: A.highlightDeleted });
    expect(json(await remove(owner, first.id))).toMatchObject({
      statusCode: 404,
      message: A.highlightNotFound,
    });
    expect(json<Highlight[]>(await list(owner)).map((x) => x.id)).toEqual([h.id]);
  });

  it('check their fields with the contract’s messages', async () => {
    const noTitle = await create(owner, { startTime: 1, endTime: 2, title: '  ' });
    expectRefusal(noTitle, 400, 'Give the highlight a title');
    const backwards = await create(owner, { startTime: 5, endTime: 5, title: 'x' });
    expectRefusal(backwards, 400, 'The highlight must end after it starts');
    expect((await create(owner, { startTime: -1, endTime: 2, title: 'x' })).statusCode).toBe(400);
    const h = json<Highlight>(await create(owner, { startTime: 1, endTime: 2, title: 'ok' }));
    const bad = await update(owner, h.id, { startTime: 9, endTime: 3, title: 'ok' });
    expect(json(bad)).toMatchObject({ message: 'The highlight must end after it starts' });
    expect(
      (await update(owner, 'not-an-id', { startTime: 1, endTime: 2, title: 'x' })).statusCode,
    ).toBe(404);
    expect((await remove(owner, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('refuse a moment beyond any meeting (1e308 used to overflow the column: 500)', async () => {
    for (const body of [
      { startTime: 1, endTime: 1e308, title: 'far' },
      { startTime: 1, endTime: HIGHLIGHT_MAX_SECONDS + 1, title: 'far' },
    ]) {
      const res = await create(owner, body);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'A highlight must lie within the meeting',
      });
    }
    const h = json<Highlight>(await create(owner, { startTime: 1, endTime: 2, title: 'near' }));
    const moved = await update(owner, h.id, { startTime: 1, endTime: 1e308, title: 'near' });
    expect(moved.statusCode).toBe(400);
    const edge = await create(owner, { startTime: 1, endTime: HIGHLIGHT_MAX_SECONDS, title: 'e' });
    expect(json<Highlight>(edge).endTime).toBe(HIGHLIGHT_MAX_SECONDS);
  });

  it('are for everyone who sees the meeting; only the author or the poc change one', async () => {
    const mine = json<Highlight>(
      await create(owner, { startTime: 60, endTime: 70, title: 'Owner’s' }),
    );
    // Not shared yet: as if the meeting did not exist.
    expect((await list(manager)).statusCode).toBe(404);
    expect((await create(manager, { startTime: 1, endTime: 2, title: 'x' })).statusCode).toBe(404);

    await share('manager@acme.parley.local');
    expect(json<Highlight[]>(await list(manager)).map((x) => x.id)).toContain(mine.id);
    const theirs = await create(manager, { startTime: 80, endTime: 90, title: 'Manager’s' });
    expect(theirs.statusCode).toBe(201);
    const t = json<Highlight>(theirs);
    const fields = { startTime: 80, endTime: 95, title: 'Manager’s, longer' };
    expect((await update(manager, mine.id, fields)).statusCode).toBe(403);
    expect((await remove(manager, mine.id)).statusCode).toBe(403);
    expect((await update(manager, t.id, fields)).statusCode).toBe(200);
    // The owner of the meeting does not own the manager's highlight.
    expect((await remove(owner, t.id)).statusCode).toBe(403);
    // The poc may change or remove anyone's.
    expect((await update(poc, t.id, { ...fields, title: 'Tidied' })).statusCode).toBe(200);

    // Once the share is revoked the manager's own highlight is out of reach too.
    await call(ctx, 'POST', `/share/revoke/${meetingId}`, {
      token: owner,
      payload: { email: 'manager@acme.parley.local' },
    });
    expect((await update(manager, t.id, fields)).statusCode).toBe(404);
    expect(json(await remove(poc, t.id))).toEqual({ message: A.highlightDeleted });
    // Someone in the organisation it was never shared with.
    expect((await list(rep)).statusCode).toBe(404);
    expect((await remove(rep, mine.id)).statusCode).toBe(404);
  });

  it('answer 404 to another organisation on every route', async () => {
    const h = json<Highlight>(await create(owner, { startTime: 100, endTime: 110, title: 'Ours' }));
    for (const token of [seeker, outsider]) {
      const tries = await Promise.all([
        list(token),
        create(token, { startTime: 1, endTime: 2, title: 'x' }),
        update(token, h.id, { startTime: 1, endTime: 2, title: 'x' }),
        remove(token, h.id),
      ]);
      expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    }
    const still = json<Highlight[]>(await list(owner)).find((x) => x.id === h.id);
    expect(still?.title).toBe('Ours');
  });
});
