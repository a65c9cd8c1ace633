import { describe, expect, it } from 'vitest';
import type { AuthSuccess } from '@parley/contracts';
import { call, json } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

const requestSignin = (email: string) =>
  call(ctx, 'POST', '/auth/request-signin', { payload: { email } });

describe('request-signin', () => {
  it('answers the same status and body for a known and an unknown address', async () => {
    // Issue 21 item 3: a 404 for unknown addresses told anyone who has an account.
    const known = await requestSignin('poc@acme.parley.local');
    const unknown = await requestSignin('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.statusCode).toBe(200);
    const text = (email: string) => ({
      message: `If an account uses ${email}, we sent a six-digit code to it.`,
    });
    expect(json(known)).toEqual(text('poc@acme.parley.local'));
    expect(json(unknown)).toEqual(text('nobody@example.com'));
  });

  it('mails an unknown address that it has no account, without a code that signs in', async () => {
    const res = await requestSignin('stranger@example.com');
    expect(res.statusCode).toBe(200);
    const sent = ctx.mail.filter((m) => m.to === 'stranger@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.code).toBeUndefined();
    expect(sent[0]?.text).toContain('No account uses this e-mail');
    // Guessing codes answers like a wrong code for a real account.
    const verify = await call(ctx, 'POST', '/auth/verify-signin', {
      payload: { email: 'stranger@example.com', code: '123456' },
    });
    expect(verify.statusCode).toBe(401);
    expect(json(verify).message).toBe('That code is not right. 4 attempts left.');
  });

  it('limits requests for an unknown address like those for a known one', async () => {
    const limit = ctx.config.env.AUTH_CODE_REQUESTS_PER_ADDRESS;
    for (const email of ['seeker@parley.local', 'ghost@example.com']) {
      const answers: number[] = [];
      for (let i = 0; i <= limit; i++) answers.push((await requestSignin(email)).statusCode);
      expect(answers, email).toEqual([...Array<number>(limit).fill(200), 429]);
    }
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

  it('carries no plan: the plan reaches only signed-in users (verify answer and /auth/me)', async () => {
    const res = await requestSignin('user@acme.parley.local');
    expect(res.statusCode).toBe(200);
    expect(json(res)).not.toHaveProperty('plan');
    const verify = await call(ctx, 'POST', '/auth/verify-signin', {
      payload: { email: 'user@acme.parley.local', code: ctx.lastCode('user@acme.parley.local') },
    });
    const { user, accessToken } = json<AuthSuccess>(verify);
    expect(user.plan?.name).toBe('Acme Growth');
    expect(user.plan?.currentBundles.map((b) => b.name).sort()).toEqual([
      'Essentials',
      'Sales Suite',
    ]);
    const me = await call(ctx, 'GET', '/auth/me', { token: accessToken });
    expect(json<AuthSuccess['user']>(me).plan?.name).toBe('Acme Growth');
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
