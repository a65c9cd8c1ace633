import { describe, expect, it } from 'vitest';
import { AVATAR_MESSAGES as M, type Avatar, type SpeechClip, type Voice } from '@parley/contracts';
import { ctx } from '../../test/app-kit.js';
import { call, json, expectRefusal } from '../../test/context.js';
import type { SpeechStandIn } from '../../test/speech-stand-in.js';
import {
  createVoice,
  form,
  postForm,
  useVoicesApp,
  voiceFields,
  voicesOf,
} from '../../test/voices-kit.js';
import { wavDurationMs } from '../../platform/speech/synthesizer.js';

/**
 * Voices (spec 3 §7): the shared library and each organisation's own, the default, uploaded
 * samples and speech. Avatars are in avatars.test.ts.
 */

let admin: string;
let poc: string;
let member: string;
let outsider: string;
let speechServer: SpeechStandIn;

useVoicesApp((s) => ({ admin, poc, member, outsider, speech: speechServer } = s));

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
