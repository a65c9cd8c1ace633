import { describe, expect, it } from 'vitest';
import type { OrganizationSettings } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';

// The organisation's switch for emotion inference (EU AI Act art. 5(1)(f)): the point of
// contact's, for their own organisation only.
const who = useSignedInApp(['poc', 'member', 'manager', 'outsider']);

const get = (s: SignedIn) => call(ctx, 'GET', '/organization/settings', { token: s.accessToken });
const patch = (s: SignedIn, payload: object) =>
  call(ctx, 'PATCH', '/organization/settings', { token: s.accessToken, payload });

describe('GET|PATCH organization/settings', () => {
  it('starts with emotion inference on; the point of contact switches it off and on', async () => {
    expect(json<OrganizationSettings>(await get(who.poc))).toEqual({ emotionInference: true });
    const off = await patch(who.poc, { emotionInference: false });
    expect(off.statusCode).toBe(200);
    expect(json<OrganizationSettings>(off)).toEqual({ emotionInference: false });
    expect(json<OrganizationSettings>(await get(who.poc))).toEqual({ emotionInference: false });
    const on = await patch(who.poc, { emotionInference: true });
    expect(json<OrganizationSettings>(on)).toEqual({ emotionInference: true });
  });

  it('another organisation’s point of contact changes only their own', async () => {
    const res = await patch(who.outsider, {
      emotionInference: false,
      organizationId: who.poc.user.organizationId,
    });
    // An id in the body is not a setting: refused whole, nothing changed anywhere.
    expect(res.statusCode).toBe(400);
    expect(json<OrganizationSettings>(await get(who.poc))).toEqual({ emotionInference: true });
    const own = await patch(who.outsider, { emotionInference: false });
    expect(own.statusCode).toBe(200);
    expect(json<OrganizationSettings>(await get(who.outsider))).toEqual({
      emotionInference: false,
    });
    expect(json<OrganizationSettings>(await get(who.poc))).toEqual({ emotionInference: true });
  });

  it('is refused with 403 to roles that do not manage the organisation', async () => {
    for (const s of [who.member, who.manager]) {
      expect((await patch(s, { emotionInference: false })).statusCode).toBe(403);
      expect((await get(s)).statusCode).toBe(403);
    }
    expect(json<OrganizationSettings>(await get(who.poc))).toEqual({ emotionInference: true });
    expect((await call(ctx, 'GET', '/organization/settings')).statusCode).toBe(401);
  });

  it('refuses a value that is not a boolean', async () => {
    expect((await patch(who.poc, { emotionInference: 'no' })).statusCode).toBe(400);
  });
});
