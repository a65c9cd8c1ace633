import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR_MESSAGES as M, type Avatar, type SpeechClip, type Voice } from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, expectRefusal, LOCAL_STAND_INS } from '../../test/context.js';
import { grantBundle } from '../../test/plans-kit.js';
import { startSpeechStandIn, type SpeechStandIn } from '../../test/speech-stand-in.js';
import { wavDurationMs } from '../../platform/speech/synthesizer.js';

let admin: string;
let poc: string;
let member: string;
let outsider: string;
let speechServer: SpeechStandIn;

/** multipart/form-data as a browser's FormData sends it: text fields and an optional file. */
function form(
  fields: Record<string, string>,
  file?: { bytes: Buffer; type: string; name: string },
) {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function postForm(path: string, token: string, f: ReturnType<typeof form>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { ...f.headers, authorization: `Bearer ${token}` },
    payload: f.payload,
  });
}

const voiceFields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  refText: 'Welcome to your practice interview.',
  gender: 'female',
  tone: 'conversational',
  language: 'en',
  ...extra,
});
const createVoice = async (token: string, name: string, extra: Record<string, string> = {}) => {
  const res = await postForm('/avatar/voice/create', token, form(voiceFields(name, extra)));
  expect(res.statusCode, res.body).toBe(201);
  return json<Voice>(res);
};
const voicesOf = async (token: string) =>
  json<Voice[]>(await call(ctx, 'GET', '/avatar/voice', { token }));

beforeAll(async () => {
  speechServer = await startSpeechStandIn();
});
afterAll(async () => speechServer.close());

useTestApp(
  async ({ as }) => {
    admin = (await as('admin')).accessToken;
    poc = (await as('poc')).accessToken;
    member = (await as('member')).accessToken;
    const o = await as('outsider');
    outsider = o.accessToken;
    await grantBundle(ctx, o.user.organizationId, 'Sales Suite');
  },
  { env: { ...LOCAL_STAND_INS }, avatarTimeouts: { avatarRegenerate: 1500 } },
);

describe('voices (spec 3 §7): the library and each organisation’s own', () => {
  it('starts with the seeded library: two voices and the three illustrated avatars', async () => {
    const voices = await voicesOf(outsider);
    expect(voices.filter((v) => v.library).map((v) => [v.name, v.isDefault])).toEqual([
      ['Ava', true],
      ['Sam', false],
    ]);
    const avatars = json<Avatar[]>(await call(ctx, 'GET', '/avatar', { token: outsider }));
    expect(avatars.map((a) => [a.name, a.portrait, a.status, a.isDefault])).toEqual([
      ['Ada', 'builtin:ada', 'ready', true],
      ['Ben', 'builtin:ben', 'ready', false],
      ['Chloe', 'builtin:chloe', 'ready', false],
    ]);
  });

  it('puts the super admin’s voices in the shared library and a poc’s in their organisation', async () => {
    const library = await createVoice(admin, 'Library Ava');
    expect(library).toMatchObject({ library: true, organizationId: null, consent: false });
    const own = await createVoice(poc, 'Acme Ben', { gender: 'male', tone: 'formal' });
    expect(own).toMatchObject({ library: false, gender: 'male', tone: 'formal' });

    const acme = (await voicesOf(member)).map((v) => v.name);
    expect(acme).toEqual(expect.arrayContaining(['Library Ava', 'Acme Ben']));
    const elsewhere = (await voicesOf(outsider)).map((v) => v.name);
    expect(elsewhere).toContain('Library Ava');
    expect(elsewhere).not.toContain('Acme Ben');

    // Another organisation's voice is not found; the library is the super admin's to change.
    expectRefusal(
      await call(ctx, 'DELETE', `/avatar/voice/${own.id}`, { token: outsider }),
      404,
      M.voiceNotFound,
    );
    expectRefusal(
      await call(ctx, 'POST', `/avatar/voice/preview/${own.id}`, { token: outsider }),
      404,
      M.voiceNotFound,
    );
    expectRefusal(
      await call(ctx, 'DELETE', `/avatar/voice/${library.id}`, { token: poc }),
      403,
      M.libraryOnlyAdmin,
    );
    expect(
      (await call(ctx, 'DELETE', `/avatar/voice/${own.id}`, { token: member })).statusCode,
    ).toBe(403);
  });

  it('has one default: the library’s, until an organisation chooses its own', async () => {
    const a = await createVoice(admin, 'Library Default');
    const setLib = await call(ctx, 'PATCH', `/avatar/voice/default/${a.id}`, { token: admin });
    expect(json<Voice>(setLib).isDefault).toBe(true);
    const defaults = (vs: Voice[]) => vs.filter((v) => v.isDefault).map((v) => v.name);
    expect(defaults(await voicesOf(poc))).toEqual(['Library Default']);
    expect(defaults(await voicesOf(outsider))).toEqual(['Library Default']);

    const mine = await createVoice(poc, 'Acme Default');
    await call(ctx, 'PATCH', `/avatar/voice/default/${mine.id}`, { token: poc });
    expect(defaults(await voicesOf(member))).toEqual(['Acme Default']);
    expect(defaults(await voicesOf(outsider))).toEqual(['Library Default']);
    // A poc choosing a library voice makes it their default without touching the library's.
    const other = await createVoice(admin, 'Library Other');
    await call(ctx, 'PATCH', `/avatar/voice/default/${other.id}`, { token: poc });
    expect(defaults(await voicesOf(poc))).toEqual(['Library Other']);
    expect(defaults(await voicesOf(outsider))).toEqual(['Library Default']);
  });

  it('takes an uploaded sample only with the speaker’s consent, records it and plays it back', async () => {
    const sample = { bytes: speechWav(), type: 'audio/wav', name: 'me.wav' };
    const refused = await postForm(
      '/avatar/voice/create',
      poc,
      form(voiceFields('Cloned'), sample),
    );
    expectRefusal(refused, 400, M.consentRequired);
    const ok = await postForm(
      '/avatar/voice/create',
      poc,
      form(voiceFields('Cloned', { consent: 'true' }), sample),
    );
    expect(ok.statusCode).toBe(201);
    const voice = json<Voice>(ok);
    expect(voice).toMatchObject({ hasSample: true, consent: true });
    const preview = json<SpeechClip>(
      await call(ctx, 'POST', `/avatar/voice/preview/${voice.id}`, { token: member }),
    );
    expect(preview.source).toBe('sample');
    expect(Buffer.from(preview.audio, 'base64').equals(sample.bytes)).toBe(true);

    const wrongType = await postForm(
      '/avatar/voice/create',
      poc,
      form(voiceFields('Text', { consent: 'true' }), {
        bytes: Buffer.from('hi'),
        type: 'text/plain',
        name: 'a.txt',
      }),
    );
    expectRefusal(wrongType, 400, M.sampleType);
    expect(
      (await call(ctx, 'DELETE', `/avatar/voice/${voice.id}`, { token: poc })).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx, 'POST', `/avatar/voice/preview/${voice.id}`, { token: poc })).statusCode,
    ).toBe(404);
  });

  it('previews a voice with espeak-ng: a WAV and mouth shapes inside its duration', async () => {
    const v = await createVoice(poc, 'Espeak');
    const clip = json<SpeechClip>(
      await call(ctx, 'POST', `/avatar/voice/preview/${v.id}`, { token: poc }),
    );
    expect(clip).toMatchObject({
      engine: 'espeak-ng',
      source: 'synthesised',
      timing: 'estimated-from-voiced-audio',
    });
    const wav = Buffer.from(clip.audio, 'base64');
    expect(wavDurationMs(wav).durationMs).toBeGreaterThan(1000);
    expect(clip.visemes.length).toBeGreaterThan(10);
    const times = clip.visemes.map((c) => c.t);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(Math.max(...times)).toBeLessThanOrEqual(clip.durationMs);
    expect(clip.visemes.at(-1)?.v).toBe('rest');
  });

  it('speaks through the organisation’s connected OpenAI-compatible endpoint, with its sealed key', async () => {
    const connect = await call(ctx, 'POST', '/chatgpt', {
      token: poc,
      payload: { apiKey: 'speech-key', baseUrl: speechServer.url },
    });
    expect(connect.statusCode, connect.body).toBe(200);
    const v = await createVoice(poc, 'Neural', { engine: 'openai', engineVoice: 'alloy' });
    const clip = json<SpeechClip>(
      await call(ctx, 'POST', `/avatar/voice/preview/${v.id}`, { token: member }),
    );
    expect(clip.engine).toBe('openai');
    expect(speechServer.requests.at(-1)).toMatchObject({
      auth: 'Bearer speech-key',
      body: {
        voice: 'alloy',
        response_format: 'wav',
        input: 'Welcome to your practice interview.',
      },
    });
    // The stand-in's audio is five tone bursts after 120 ms of silence: the mouth stays at rest
    // until the first, and rests in every gap.
    expect(clip.visemes[0]?.t).toBeGreaterThanOrEqual(110);
    expect(clip.visemes.filter((c) => c.v === 'rest').length).toBeGreaterThanOrEqual(5);

    // An organisation without a connection is told what to connect.
    const theirs = await createVoice(outsider, 'Theirs', { engine: 'openai' });
    expectRefusal(
      await call(ctx, 'POST', `/avatar/voice/preview/${theirs.id}`, { token: outsider }),
      409,
      M.engineNotConnected,
    );
  });
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

/** A short real speech WAV from espeak-ng's output format (tone words are enough here). */
function speechWav(): Buffer {
  const rate = 16_000;
  const pcm = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) pcm.writeInt16LE(Math.round(Math.sin(i / 8) * 8000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}
