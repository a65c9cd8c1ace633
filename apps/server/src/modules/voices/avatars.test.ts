import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR_MESSAGES as M, type Avatar, type SpeechClip } from '@parley/contracts';
import { ctx } from '../../test/app-kit.js';
import { call, json, expectRefusal } from '../../test/context.js';
import type { SpeechStandIn } from '../../test/speech-stand-in.js';
import { createVoice, form, postForm, useVoicesApp } from '../../test/voices-kit.js';

/**
 * Avatars (spec 3 §4) over the voices of voices.test.ts: the organisation speaks through its
 * connected OpenAI-compatible endpoint, as it does there by the time avatars are made.
 */

let admin: string;
let poc: string;
let member: string;
let outsider: string;
let speechServer: SpeechStandIn;

useVoicesApp((s) => ({ admin, poc, member, outsider, speech: speechServer } = s));

beforeAll(async () => {
  const connect = await call(ctx, 'POST', '/chatgpt', {
    token: poc,
    payload: { apiKey: 'speech-key', baseUrl: speechServer.url },
  });
  expect(connect.statusCode, connect.body).toBe(200);
});

describe('avatars (spec 3 §4): draft, image, finalise, regenerate, duplicate, update, default, delete', () => {
  let voiceId: string;
  beforeAll(async () => {
    voiceId = (await createVoice(poc, 'Avatar voice')).id;
  });

  const draft = (token: string, body: Record<string, unknown>) =>
    call(ctx, 'POST', '/avatar/create/draft', { token, payload: body });

  it('goes from draft to image to ready, the flags sent as text', async () => {
    const res = await draft(poc, {
      name: 'Maya',
      gender: 'female',
      voiceId,
      isOrpheus: 'false',
      speechSpeed: '1.25',
      startPhrase: 'Hello, I am Maya.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = json<Avatar>(res);
    expect(a).toMatchObject({
      status: 'draft',
      speechSpeed: 1.25,
      isOrpheus: false,
      library: false,
    });
    expect((await draft(poc, { name: 'X', gender: 'male', isOrpheus: true })).statusCode).toBe(400);
    expect((await draft(poc, { name: 'X', gender: 'male', speechSpeed: '9' })).statusCode).toBe(
      400,
    );

    expectRefusal(
      await call(ctx, 'PATCH', `/avatar/create/finalise/${a.id}`, { token: poc }),
      400,
      M.notReadyToFinalise,
    );
    const img = await postForm(
      '/avatar/create/img',
      poc,
      form({ avatarId: a.id, portrait: 'ada' }),
    );
    expect(json<Avatar>(img)).toMatchObject({ status: 'image', portrait: 'builtin:ada' });
    const ready = await call(ctx, 'PATCH', `/avatar/create/finalise/${a.id}`, { token: poc });
    expect(json<Avatar>(ready).status).toBe('ready');

    // An uploaded picture replaces the illustrated one, stored squared as WebP.
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#884422' },
    })
      .png()
      .toBuffer();
    const up = await postForm(
      '/avatar/create/img',
      poc,
      form({ avatarId: a.id }, { bytes: png, type: 'image/png', name: 'me.png' }),
    );
    expect(json<Avatar>(up)).toMatchObject({ portrait: 'upload', status: 'ready' });
    expect(json<Avatar>(up).imageUrl).toMatch(/^data:image\/webp;base64,/);

    const spoken = json<SpeechClip>(
      await call(ctx, 'POST', '/avatar/speak', {
        token: member,
        payload: { avatarId: a.id, text: 'Tell me about yourself.' },
      }),
    );
    expect(spoken.visemes.length).toBeGreaterThan(3);

    // Update, regenerate, duplicate, default, delete.
    const upd = await call(ctx, 'PATCH', '/avatar/update', {
      token: poc,
      payload: { avatarId: a.id, name: 'Maya B' },
    });
    expect(json<Avatar>(upd).name).toBe('Maya B');
    const regen = await call(ctx, 'POST', '/avatar/create/regenerate', {
      token: poc,
      payload: {
        avatarId: a.id,
        gender: 'female',
        voiceId,
        refText: 'New words.',
        speechSpeed: '0.9',
      },
    });
    expect(json<Avatar>(regen)).toMatchObject({ refText: 'New words.', speechSpeed: 0.9 });
    const dup = await call(ctx, 'POST', '/avatar/duplicate', {
      token: poc,
      payload: { avatarId: a.id, voiceId },
    });
    expect(dup.statusCode).toBe(201);
    const copy = json<Avatar>(dup);
    expect(copy.id).not.toBe(a.id);
    expect(copy).toMatchObject({ name: 'Maya B (copy)', portrait: 'upload', status: 'ready' });
    const def = await call(ctx, 'PATCH', `/avatar/default/${copy.id}`, { token: poc });
    expect(json<Avatar>(def).isDefault).toBe(true);
    expect((await call(ctx, 'DELETE', `/avatar/${a.id}`, { token: poc })).statusCode).toBe(200);
    // The copy kept its own picture.
    const still = json<Avatar>(await call(ctx, 'GET', `/avatar/${copy.id}`, { token: member }));
    expect(still.imageUrl).toMatch(/^data:image\/webp/);
    // A voice an avatar uses is not deleted from under it.
    expectRefusal(
      await call(ctx, 'DELETE', `/avatar/voice/${voiceId}`, { token: poc }),
      409,
      M.voiceInUse,
    );
  });

  it('keeps another organisation’s avatars out of reach (404)', async () => {
    const a = json<Avatar>(await draft(poc, { name: 'Private', gender: 'male' }));
    expect((await call(ctx, 'GET', `/avatar/${a.id}`, { token: outsider })).statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', `/avatar/${a.id}`, { token: outsider })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(ctx, 'POST', '/avatar/speak', {
          token: outsider,
          payload: { avatarId: a.id, text: 'hi' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx, 'PATCH', '/avatar/update', {
          token: outsider,
          payload: { avatarId: a.id, name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      json<Avatar[]>(await call(ctx, 'GET', '/avatar', { token: outsider })).map((x) => x.id),
    ).not.toContain(a.id);
    // A library avatar is everyone's to use and to copy, the super admin's to change.
    const lib = json<Avatar>(await draft(admin, { name: 'Library Leo', gender: 'male' }));
    expect(lib.library).toBe(true);
    expect((await call(ctx, 'GET', `/avatar/${lib.id}`, { token: outsider })).statusCode).toBe(200);
    expect((await call(ctx, 'DELETE', `/avatar/${lib.id}`, { token: poc })).statusCode).toBe(403);
  });

  it('gives up a regeneration that outlasts its time-out, changing nothing (504)', async () => {
    const neural = await createVoice(poc, 'Slow neural', { engine: 'openai' });
    const a = json<Avatar>(
      await draft(poc, { name: 'Slow', gender: 'male', voiceId, refText: 'Before.' }),
    );
    speechServer.delayMs = 3000;
    try {
      const res = await call(ctx, 'POST', '/avatar/create/regenerate', {
        token: poc,
        payload: {
          avatarId: a.id,
          gender: 'male',
          voiceId: neural.id,
          refText: 'After.',
          speechSpeed: '1',
        },
      });
      expectRefusal(res, 504, M.timedOut);
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      speechServer.delayMs = 0;
    }
    const after = json<Avatar>(await call(ctx, 'GET', `/avatar/${a.id}`, { token: poc }));
    expect(after).toMatchObject({ refText: 'Before.', voiceId });
  });
});
