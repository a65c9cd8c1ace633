import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Voice } from '@parley/contracts';
import { ctx, useSignedInApp } from './app-kit.js';
import { call, json, LOCAL_STAND_INS } from './context.js';
import { grantBundle } from './plans-kit.js';
import { startSpeechStandIn, type SpeechStandIn } from './speech-stand-in.js';

/** The tokens of the voices and avatars tests' accounts, and the speech stand-in they call. */
export interface VoicesSetup {
  admin: string;
  poc: string;
  member: string;
  outsider: string;
  speech: SpeechStandIn;
}

/**
 * An app for the voices and avatars tests: a speech stand-in (an OpenAI-compatible speech
 * endpoint) started for the file, four accounts signed in, the outsider's organisation given
 * the Sales Suite, and a short regeneration time-out. `ready` receives them once made.
 */
export function useVoicesApp(ready: (setup: VoicesSetup) => void): void {
  let speech: SpeechStandIn | undefined;
  beforeAll(async () => {
    speech = await startSpeechStandIn();
  });
  afterAll(async () => speech?.close());

  useSignedInApp(
    ['admin', 'poc', 'member', 'outsider'],
    async ({ who }) => {
      await grantBundle(ctx, who.outsider.user.organizationId, 'Sales Suite');
      if (!speech) throw new Error('The speech stand-in is not running yet.');
      ready({
        admin: who.admin.accessToken,
        poc: who.poc.accessToken,
        member: who.member.accessToken,
        outsider: who.outsider.accessToken,
        speech,
      });
    },
    { env: { ...LOCAL_STAND_INS }, avatarTimeouts: { avatarRegenerate: 1500 } },
  );
}

/** multipart/form-data as a browser's FormData sends it: text fields and an optional file. */
export function form(
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

export function postForm(path: string, token: string, f: ReturnType<typeof form>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { ...f.headers, authorization: `Bearer ${token}` },
    payload: f.payload,
  });
}

export const voiceFields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  refText: 'Welcome to your practice interview.',
  gender: 'female',
  tone: 'conversational',
  language: 'en',
  ...extra,
});
export const createVoice = async (
  token: string,
  name: string,
  extra: Record<string, string> = {},
) => {
  const res = await postForm('/avatar/voice/create', token, form(voiceFields(name, extra)));
  expect(res.statusCode, res.body).toBe(201);
  return json<Voice>(res);
};
export const voicesOf = async (token: string) =>
  json<Voice[]>(await call(ctx, 'GET', '/avatar/voice', { token }));
