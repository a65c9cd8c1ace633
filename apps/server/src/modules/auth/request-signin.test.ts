import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, json, type TestContext } from '../../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const requestSignin = (email: string) =>
  call(ctx, 'POST', '/auth/request-signin', { payload: { email } });

describe('request-signin', () => {
  it('answers 404 with a clear message for an address without an account, and mails nothing', async () => {
    const res = await requestSignin('nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No account uses this e-mail. Check the address or sign up.',
    });
    expect(ctx.mail.filter((m) => m.to === 'nobody@example.com')).toHaveLength(0);
  });

  it('mails a six-digit code to a known address', async () => {
    const res = await requestSignin('manager@acme.parley.local');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toContain('manager@acme.parley.local');
    const sent = ctx.mail.filter((m) => m.to === 'manager@acme.parley.local');
    expect(sent).toHaveLength(1);
    const code = ctx.lastCode('manager@acme.parley.local');
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0]?.text).toContain(code);
    expect(sent[0]?.subject).toMatch(/sign-in code/i);
  });

  it('treats the address case-insensitively, and the code works with either spelling', async () => {
    const res = await requestSignin('  Rep@ACME.Parley.Local ');
    expect(res.statusCode).toBe(200);
    const code = ctx.lastCode('rep@acme.parley.local');
    const verify = await call(ctx, 'POST', '/auth/verify-signin', {
      payload: { email: 'REP@acme.parley.local', code },
    });
    expect(verify.statusCode).toBe(200);
    expect(json<{ user: { email: string } }>(verify).user.email).toBe('rep@acme.parley.local');
  });

  it("carries the organisation's plan with its bundles", async () => {
    const res = await requestSignin('user@acme.parley.local');
    expect(res.statusCode).toBe(200);
    const plan = json<{
      plan: { name: string; currentBundles: { name: string; features: { name: string }[] }[] };
    }>(res).plan;
    expect(plan.name).toBe('Acme Growth');
    expect(plan.currentBundles.map((b) => b.name).sort()).toEqual(['Essentials', 'Sales Suite']);
    expect(plan.currentBundles.flatMap((b) => b.features.map((f) => f.name))).toContain(
      'Sales Coaching',
    );
  });

  it('carries plan null for an organisation without a plan', async () => {
    for (const email of ['admin@parley.local', 'seeker@parley.local']) {
      const res = await requestSignin(email);
      expect(res.statusCode).toBe(200);
      expect(json(res).plan).toBeNull();
    }
  });

  it('rejects a malformed address with 400 in the error shape', async () => {
    const res = await requestSignin('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please enter a valid e-mail address',
    });
  });
});
