import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../platform/db/schema.js';
import { call, json } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

const MINUTE = 60_000;
const requestCode = async (email: string) => {
  const res = await call(ctx, 'POST', '/auth/request-signin', { payload: { email } });
  expect(res.statusCode).toBe(200);
  return ctx.lastCode(email);
};
const verify = (email: string, code: string) =>
  call(ctx, 'POST', '/auth/verify-signin', { payload: { email, code } });
/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function expectRefused(res: Awaited<ReturnType<typeof verify>>, message: string) {
  expect(res.statusCode).toBe(401);
  expect(json(res)).toEqual({ statusCode: 401, error: 'Unauthorized', message });
  expect(res.cookies.find((c) => c.name === 'parley_refresh')).toBeUndefined();
}

describe('one-time codes', () => {
  it('are stored hashed: the code never appears in the one_time_codes table', async () => {
    const code = await requestCode('poc@acme.parley.local');
    const rows = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, 'poc@acme.parley.local'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).not.toContain(code);
    }
  });

  it('work until 10 minutes have passed, and not after', async () => {
    const email = 'manager@acme.parley.local';
    const early = await requestCode(email);
    ctx.clock.advance(10 * MINUTE - 5_000);
    expect((await verify(email, early)).statusCode).toBe(200);

    const late = await requestCode(email);
    ctx.clock.advance(10 * MINUTE + 1_000);
    expectRefused(await verify(email, late), 'This code has expired. Please request a new one.');
  });

  it('allow at most 5 wrong tries, saying how many are left', async () => {
    const email = 'user@acme.parley.local';
    const code = await requestCode(email);
    const left = ['4 attempts left.', '3 attempts left.', '2 attempts left.', '1 attempt left.'];
    for (const tail of left) {
      expectRefused(await verify(email, wrong(code)), `That code is not right. ${tail}`);
    }
    const tooMany = 'Too many wrong attempts. Please request a new code.';
    expectRefused(await verify(email, wrong(code)), tooMany);
    // The right code no longer helps once the tries are used up.
    expectRefused(await verify(email, code), tooMany);

    // A fresh code starts over.
    const fresh = await requestCode(email);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('work once', async () => {
    const email = 'rep@acme.parley.local';
    const code = await requestCode(email);
    expect((await verify(email, code)).statusCode).toBe(200);
    expectRefused(
      await verify(email, code),
      'There is no valid code for this address. Please request a new one.',
    );
  });

  it('are replaced by a newer code: the previous one stops working', async () => {
    const email = 'admin@parley.local';
    const first = await requestCode(email);
    let second = await requestCode(email);
    while (second === first) second = await requestCode(email); // one chance in a million
    const old = await verify(email, first);
    expect(old.statusCode).toBe(401);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('for sign-up cannot be used to sign in', async () => {
    const email = 'newcomer@example.com';
    const req = await call(ctx, 'POST', '/auth/request-signup', {
      payload: {
        email,
        firstName: 'New',
        lastName: 'Comer',
        accountType: 'team',
        organizationName: 'Newco',
      },
    });
    expect(req.statusCode).toBe(200);
    const code = ctx.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expectRefused(
      await verify(email, code),
      'There is no valid code for this address. Please request a new one.',
    );
    // It still creates the account through verify-signup.
    const signup = await call(ctx, 'POST', '/auth/verify-signup', { payload: { email, code } });
    expect(signup.statusCode).toBe(200);
  });

  it('rejects a code that is not six digits with 400', async () => {
    const res = await verify('seeker@parley.local', '12345');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The code is six digits',
    });
  });
});
