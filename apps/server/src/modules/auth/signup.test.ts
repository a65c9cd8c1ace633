import { describe, expect, it } from 'vitest';
import { DEFAULT_FREE_MEETING_CREDITS, type AuthSuccess } from '@parley/contracts';
import { call, json, signIn } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

async function signup(payload: Record<string, unknown>) {
  const req = await call(ctx, 'POST', '/auth/request-signup', { payload });
  expect(req.statusCode).toBe(200);
  const email = String(payload.email).toLowerCase();
  const code = ctx.lastCode(email);
  expect(code).toMatch(/^\d{6}$/);
  const res = await call(ctx, 'POST', '/auth/verify-signup', { payload: { email, code } });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('sign-up', () => {
  it('team: creates a point of contact in a new organisation on the free plan, and signs in', async () => {
    const res = await signup({
      email: 'Founder@Globex.example',
      firstName: 'Hank',
      lastName: 'Scorpio',
      accountType: 'team',
      organizationName: 'Globex',
    });
    const body = json<AuthSuccess>(res);
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'authProvider', 'user']);
    expect(body.authProvider).toBe('plain');
    expect(body.user).toMatchObject({
      email: 'founder@globex.example',
      firstName: 'Hank',
      lastName: 'Scorpio',
      role: 'poc',
      position: null,
      b2cConsent: false,
      // Issue 12: on the free plan at once, with FREE_MEETING_CREDITS (default DEFAULT_FREE_MEETING_CREDITS) credits.
      plan: {
        name: 'Free',
        type: 'free',
        remainingCredits: DEFAULT_FREE_MEETING_CREDITS,
        freeMeetingCredits: DEFAULT_FREE_MEETING_CREDITS,
        currentBundles: [],
      },
      organization: { name: 'Globex', isB2C: false },
    });
    const cookie = res.cookies.find((c) => c.name === 'parley_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });

    const me = await call(ctx, 'GET', '/auth/me', { token: body.accessToken });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({ id: body.user.id, role: 'poc' });

    // The organisation is new: not the demo one, and a second team of the same name is another one.
    const acme = await signIn(ctx, 'poc@acme.parley.local');
    expect(body.user.organizationId).not.toBe(acme.user.organizationId);
    const twin = json<AuthSuccess>(
      await signup({
        email: 'other@globex.example',
        firstName: 'Other',
        accountType: 'team',
        organizationName: 'Globex',
      }),
    );
    expect(twin.user.organizationId).not.toBe(body.user.organizationId);
    expect(twin.user.lastName).toBe('');

    // The new account signs in like any other.
    expect((await signIn(ctx, 'founder@globex.example')).user.id).toBe(body.user.id);
  });

  it('individual: joins the B2C organisation as a talent-pool user who has not consented yet', async () => {
    const res = await signup({
      email: 'jobseeker@example.com',
      firstName: 'Jo',
      lastName: 'Seeker',
      accountType: 'individual',
    });
    const body = json<AuthSuccess>(res);
    expect(body.authProvider).toBe('plain');
    expect(body.user).toMatchObject({
      role: 'talentPoolUser',
      position: 'B2CUSER',
      b2cConsent: false,
      organization: { isB2C: true },
    });
    expect(res.cookies.find((c) => c.name === 'parley_refresh')).toMatchObject({ httpOnly: true });

    const seeker = await signIn(ctx, 'seeker@parley.local');
    expect(body.user.organizationId).toBe(seeker.user.organizationId);
  });

  it('refuses an address that already has an account with 409, in any letter case', async () => {
    for (const email of ['user@acme.parley.local', 'USER@Acme.Parley.Local']) {
      const res = await call(ctx, 'POST', '/auth/request-signup', {
        payload: { email, firstName: 'Uma', accountType: 'team', organizationName: 'Dup' },
      });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'An account with this e-mail already exists. Sign in instead.',
      });
    }
    expect(
      ctx.mail.some((m) => m.to === 'user@acme.parley.local' && /sign-up/.test(m.subject)),
    ).toBe(false);
  });

  it('validates the sign-up fields', async () => {
    const bad = [
      { email: 'a@example.com', firstName: '', accountType: 'team' },
      { email: 'a@example.com', firstName: 'A', accountType: 'company' },
      { email: 'nope', firstName: 'A', accountType: 'team' },
    ];
    for (const payload of bad) {
      const res = await call(ctx, 'POST', '/auth/request-signup', { payload });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof json(res).message).toBe('string');
    }
  });

  it('refuses a wrong sign-up code and creates no account', async () => {
    const email = 'wrongcode@example.com';
    await call(ctx, 'POST', '/auth/request-signup', {
      payload: { email, firstName: 'W', accountType: 'team' },
    });
    const code = ctx.lastCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await call(ctx, 'POST', '/auth/verify-signup', { payload: { email, code: wrong } });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('That code is not right. 4 attempts left.');
    // No account: sign-in answers as for any address and mails the no-account text, no code.
    const signin = await call(ctx, 'POST', '/auth/request-signin', { payload: { email } });
    expect(signin.statusCode).toBe(200);
    expect(ctx.mail.at(-1)?.to).toBe(email);
    expect(ctx.mail.at(-1)?.code).toBeUndefined();
    expect(ctx.mail.at(-1)?.text).toContain('No account uses this e-mail');
  });
});
