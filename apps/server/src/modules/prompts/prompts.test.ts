import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredPrompt } from '@parley/contracts';
import { prompts, users } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, signIn } from '../../test/context.js';
import { processedMeeting } from '../../test/workbench-kit.js';

let poc: string;
let pocId: string;
let colleague: string;
let member: string;
let outsider: string;

useTestApp(async ({ as }) => {
  // A second member of staff in Acme, to see whose Private prompts are whose.
  await ctx.database.db
    .update(users)
    .set({ role: 'poc' })
    .where(eq(users.email, 'manager@acme.parley.local'));
  const p = await as('poc');
  poc = p.accessToken;
  pocId = p.user.id;
  colleague = (await as('manager')).accessToken;
  member = (await as('member')).accessToken;
  outsider = (await as('outsider')).accessToken;
});

/** A complete stored prompt as spec 3 §3 gives it. */
const body = (over: Record<string, unknown> = {}) => ({
  organizationId: 'ignored',
  userId: 'ignored',
  prompt: 'List the action items with their owners.',
  promptName: 'Action items',
  meetingId: '',
  meetingCode: '',
  featureId: 'zai',
  model: 'gpt-3.5-turbo',
  access: 'Private',
  result: '',
  bundleId: '',
  index: 0,
  maxOutputToken: 256,
  temperature: 1,
  topP: 1,
  topK: 0,
  frequencyPenalty: 0.21,
  presencePenalty: 1,
  tags: ['sales'],
  ...over,
});
const create = (token: string, over: Record<string, unknown> = {}) =>
  call(ctx, 'POST', '/prompt/create', { token, payload: body(over) });
const names = (page: { data: StoredPrompt[] }) => page.data.map((p) => p.promptName);

describe('saving a prompt (spec 3 §5)', () => {
  it('stores the full shape under the session’s organisation and author', async () => {
    const res = await create(poc, { promptName: 'Saved once' });
    expect(res.statusCode).toBe(200);
    const saved = json<StoredPrompt>(res);
    expect(saved).toMatchObject({
      promptName: 'Saved once',
      userId: pocId,
      access: 'Private',
      frequencyPenalty: expect.closeTo(0.21, 5),
      tags: ['sales'],
    });
    expect(saved.organizationId).not.toBe('ignored');
    const again = json<StoredPrompt>(await call(ctx, 'GET', `/prompt/${saved.id}`, { token: poc }));
    expect(again.prompt).toBe('List the action items with their owners.');
  });

  it.each([
    [{ promptName: undefined }, 'promptName is required and must be text'],
    [{ prompt: '   ' }, 'prompt must not be empty'],
    [{ meetingCode: 12 }, 'meetingCode is required and must be text'],
    [{ index: 'first' }, 'index must be a number'],
    [{ index: 1.5 }, 'index must be a whole number'],
    [{ temperature: '1' }, 'temperature must be a number'],
    [{ access: 'Secret' }, 'access must be Private or Public'],
    [{ tags: 'sales' }, 'tags must be a list of text'],
  ])('refuses %j with a message naming the field', async (over, message) => {
    const res = await create(poc, over);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('is for staff only', async () => {
    const res = await create(member);
    expect(res.statusCode).toBe(403);
  });

  it('refuses another organisation’s meetingId with 404, on create and on change', async () => {
    const lead = await signIn(ctx, 'lead@elsewhere.example');
    outsider = lead.accessToken;
    const theirs = await processedMeeting(ctx, lead.user.organizationId, lead.user.id, 'Theirs');
    const p = await signIn(ctx, 'poc@acme.parley.local');
    poc = p.accessToken;
    const ours = await processedMeeting(ctx, p.user.organizationId, p.user.id, 'Ours');
    // A prompt about our meeting, to see that a change cannot move it to theirs.

    const foreign = await create(poc, { meetingId: theirs, promptName: 'Foreign' });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Meeting not found',
    });
    const own = await create(poc, { meetingId: ours, promptName: 'About ours' });
    expect(own.statusCode).toBe(200);
    const id = json<StoredPrompt>(own).id;
    const moved = await call(ctx, 'PATCH', `/prompt/${id}`, {
      token: poc,
      payload: { meetingId: theirs },
    });
    expect(moved.statusCode).toBe(404);
    const kept = json<StoredPrompt>(await call(ctx, 'GET', `/prompt/${id}`, { token: poc }));
    expect(kept.meetingId).toBe(ours);
    // Nothing was saved about their meeting.
    const about = await call(ctx, 'GET', `/prompt/meeting/${theirs}`, { token: poc });
    expect(json<{ data: StoredPrompt[] }>(about).data).toEqual([]);
  });
});

describe('who sees which prompt', () => {
  let privateId: string;
  let publicId: string;
  beforeAll(async () => {
    privateId = json<StoredPrompt>(await create(poc, { promptName: 'Mine only' })).id;
    publicId = json<StoredPrompt>(
      await create(poc, { promptName: 'For everyone', access: 'Public', tags: ['shared'] }),
    ).id;
  });

  it('shows a Private prompt to its author only, a Public one to the organisation', async () => {
    expect((await call(ctx, 'GET', `/prompt/${privateId}`, { token: colleague })).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'GET', `/prompt/${publicId}`, { token: colleague })).statusCode).toBe(
      200,
    );
    const seen = names(
      json(await call(ctx, 'GET', '/prompt/query?size=100', { token: colleague })),
    );
    expect(seen).toContain('For everyone');
    expect(seen).not.toContain('Mine only');
    expect(json(await call(ctx, 'GET', '/tag', { token: colleague })).data).toEqual(['shared']);
  });

  it('hides every prompt from another organisation', async () => {
    expect((await call(ctx, 'GET', `/prompt/${publicId}`, { token: outsider })).statusCode).toBe(
      404,
    );
    const page = json(await call(ctx, 'GET', '/prompt/query', { token: outsider }));
    expect(page).toEqual({ data: [], count: 0 });
    const patch = await call(ctx, 'PATCH', `/prompt/${publicId}`, {
      token: outsider,
      payload: { promptName: 'taken' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('lets only the author change or delete a prompt', async () => {
    const theirs = await call(ctx, 'PATCH', `/prompt/${publicId}`, {
      token: colleague,
      payload: { promptName: 'Renamed' },
    });
    expect(theirs.statusCode).toBe(403);
    const mine = await call(ctx, 'PATCH', `/prompt/${publicId}`, {
      token: poc,
      payload: { promptName: 'For everyone, renamed', tags: ['shared', 'renamed'] },
    });
    expect(json<StoredPrompt>(mine)).toMatchObject({
      promptName: 'For everyone, renamed',
      tags: ['shared', 'renamed'],
    });
    expect(
      (await call(ctx, 'DELETE', `/prompt/${publicId}`, { token: colleague })).statusCode,
    ).toBe(403);
    const gone = await call(ctx, 'DELETE', `/prompt/${publicId}`, { token: poc });
    expect(json(gone)).toEqual({ message: 'Prompt deleted' });
    expect(await ctx.database.db.select().from(prompts).where(eq(prompts.id, publicId))).toEqual(
      [],
    );
  });
});

describe('GET prompt/query, getByTag, meeting', () => {
  let meetingId: string;
  beforeAll(async () => {
    const p = await signIn(ctx, 'poc@acme.parley.local');
    poc = p.accessToken;
    meetingId = await processedMeeting(ctx, p.user.organizationId, p.user.id, 'Tagged');
    for (const [name, access, tags] of [
      ['Q Alpha objections', 'Public', ['q-objections']],
      ['Q Bravo summary', 'Private', ['q-summary']],
      ['Q Charlie pricing', 'Public', ['q-objections', 'q-pricing']],
    ] as const) {
      await create(colleague, { promptName: name, access, tags, meetingId });
    }
  });

  it('sorts by updatedAt ascending unless told otherwise', async () => {
    const page = json<{ data: StoredPrompt[]; count: number }>(
      await call(ctx, 'GET', '/prompt/query?search=Q%20&size=2', { token: colleague }),
    );
    expect(page.count).toBe(3);
    expect(names(page)).toEqual(['Q Alpha objections', 'Q Bravo summary']);
    const desc = json<{ data: StoredPrompt[] }>(
      await call(ctx, 'GET', '/prompt/query?search=Q%20&sort=promptName:desc', {
        token: colleague,
      }),
    );
    expect(names(desc)).toEqual(['Q Charlie pricing', 'Q Bravo summary', 'Q Alpha objections']);
  });

  it('filters by access and searches names, text and tags', async () => {
    const pub = json<{ data: StoredPrompt[] }>(
      await call(ctx, 'GET', '/prompt/query?search=Q%20&filter=access:eq:Public', {
        token: colleague,
      }),
    );
    expect(names(pub)).toEqual(['Q Alpha objections', 'Q Charlie pricing']);
    const byTag = json<{ data: StoredPrompt[] }>(
      await call(ctx, 'GET', '/prompt/query?search=q-pricing', { token: colleague }),
    );
    expect(names(byTag)).toEqual(['Q Charlie pricing']);
    const bad = await call(ctx, 'GET', '/prompt/query?filter=owner:eq:me', { token: colleague });
    expect(json(bad).message).toBe('filter is access:eq:Private or access:eq:Public');
  });

  it('finds prompts by tag and by meeting, Private ones only for their author', async () => {
    const tagged = json<{ data: StoredPrompt[] }>(
      await call(ctx, 'GET', '/prompt/getByTag/q-objections', { token: poc }),
    );
    expect(names(tagged)).toEqual(['Q Alpha objections', 'Q Charlie pricing']);
    const forMeeting = (token: string) =>
      call(ctx, 'GET', `/prompt/meeting/${meetingId}`, { token }).then((r) => names(json(r)));
    expect(await forMeeting(colleague)).toEqual([
      'Q Alpha objections',
      'Q Bravo summary',
      'Q Charlie pricing',
    ]);
    expect(await forMeeting(poc)).toEqual(['Q Alpha objections', 'Q Charlie pricing']);
  });
});
