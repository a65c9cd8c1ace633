import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, json, type TestContext } from '../../test/context.js';

const NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  message: 'The requested resource could not be found',
};

/** Asks for a code, then reads the outbox: 404 (no route) when the outbox is off. */
async function expectNoOutbox(ctx: TestContext) {
  await call(ctx, 'POST', '/auth/request-signin', { payload: { email: 'rep@acme.parley.local' } });
  expect(ctx.mail).toHaveLength(1);
  const res = await call(ctx, 'GET', '/dev/outbox?email=rep%40acme.parley.local');
  expect(res.statusCode).toBe(404);
  expect(json(res)).toEqual(NOT_FOUND);
  const docs = json<{ paths: Record<string, unknown> }>(
    await ctx.app.inject({ url: '/api/docs/json' }),
  );
  expect(Object.keys(docs.paths)).not.toContain('/api/v1/dev/outbox');
}

describe('dev outbox with DEV_OUTBOX=true on a loopback HOST', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEV_OUTBOX: 'true', HOST: '127.0.0.1' } });
  });
  afterAll(async () => ctx.close());

  it('returns the latest message to an address and its code', async () => {
    await call(ctx, 'POST', '/auth/request-signin', {
      payload: { email: 'rep@acme.parley.local' },
    });
    await call(ctx, 'POST', '/auth/request-signin', {
      payload: { email: 'rep@acme.parley.local' },
    });
    const latest = ctx.lastCode('rep@acme.parley.local');

    const res = await call(ctx, 'GET', '/dev/outbox?email=Rep%40Acme.parley.local');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ to: 'rep@acme.parley.local', code: latest });
    expect(String(body.text)).toContain(latest);
    expect(String(body.subject)).toMatch(/sign-in code/i);
    expect(Number.isNaN(Date.parse(String(body.sentAt)))).toBe(false);

    // The code from the outbox signs in.
    const verify = await call(ctx, 'POST', '/auth/verify-signin', {
      payload: { email: 'rep@acme.parley.local', code: body.code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers 404 for an address nothing was sent to', async () => {
    const res = await call(ctx, 'GET', '/dev/outbox?email=nobody%40example.com');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

// Issue 21 item 2: a default development start handed anyone every sign-in code.
for (const host of ['0.0.0.0', '127.0.0.1']) {
  describe(`dev outbox without DEV_OUTBOX (development, HOST=${host})`, () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ env: { HOST: host } });
    });
    afterAll(async () => ctx.close());

    it('does not exist', async () => expectNoOutbox(ctx));
  });
}

describe('dev outbox in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        NODE_ENV: 'production',
        APP_SECRET: 'production-secret-production-secret-42',
        // Required in production; the test records mail instead of connecting.
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => ctx.close());

  it('does not exist', async () => expectNoOutbox(ctx));
});
