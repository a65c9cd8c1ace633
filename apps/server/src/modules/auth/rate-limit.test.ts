import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, json, type TestContext } from '../../test/context.js';
import { redisAnswers, secondProcess, TEST_REDIS_URL } from '../../test/redis.js';

/** Three auth requests per client address per route; the per-address code limit stays at its default of 5. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { AUTH_REQUESTS_PER_IP: '3' } });
});
afterAll(async () => ctx.close());

let nextIp = 1;
/** A client address no other request in this file used, so the per-IP limit stays out of the way. */
const freshIp = () => `10.20.0.${nextIp++}`;

const requestSignin = (email: string, ip = freshIp()) =>
  call(ctx, 'POST', '/auth/request-signin', { payload: { email }, ip });

const TOO_MANY_CODES = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many codes requested for this address. You can request a new one in 15 minutes.',
};
const TOO_MANY_FROM_IP = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: expect.stringMatching(
    /^Too many requests from this address\. Please try again in \d+ (second|minute)s?\.$/,
  ),
};

describe('codes per e-mail address', () => {
  it('allows 5 code requests per 15 minutes, then answers 429 until the window has passed', async () => {
    const email = 'poc@acme.parley.local';
    for (let i = 0; i < 5; i++) expect((await requestSignin(email)).statusCode).toBe(200);
    const mailed = ctx.mail.length;

    const refused = await requestSignin(email);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(TOO_MANY_CODES);
    // When the next code can be asked for, for the page's countdown.
    expect(refused.headers['retry-after']).toBe('900');
    expect(ctx.mail.length).toBe(mailed);
    // Another address is not affected.
    expect((await requestSignin('user@acme.parley.local')).statusCode).toBe(200);

    ctx.clock.advance(14 * 60_000);
    const later = await requestSignin(email);
    expect(later.statusCode).toBe(429);
    expect(json(later)).toMatchObject({
      message: 'Too many codes requested for this address. You can request a new one in 1 minute.',
    });
    expect(later.headers['retry-after']).toBe('60');
    ctx.clock.advance(2 * 60_000);
    expect((await requestSignin(email)).statusCode).toBe(200);
  });

  it('counts sign-up codes too, for addresses without an account', async () => {
    const payload = { email: 'flood@example.com', firstName: 'Flo', accountType: 'team' };
    const signup = () => call(ctx, 'POST', '/auth/request-signup', { payload, ip: freshIp() });
    for (let i = 0; i < 5; i++) expect((await signup()).statusCode).toBe(200);
    const refused = await signup();
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(TOO_MANY_CODES);
  });
});

describe('requests per client IP', () => {
  it('answers 429 in the error shape once an IP exceeds AUTH_REQUESTS_PER_IP', async () => {
    const ip = '192.0.2.10';
    const emails = ['manager@acme.parley.local', 'rep@acme.parley.local', 'admin@parley.local'];
    for (const email of emails) expect((await requestSignin(email, ip)).statusCode).toBe(200);

    const refused = await requestSignin('seeker@parley.local', ip);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(TOO_MANY_FROM_IP);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ctx.mail.some((m) => m.to === 'seeker@parley.local')).toBe(false);

    // Another client is served.
    expect((await requestSignin('seeker@parley.local', '192.0.2.11')).statusCode).toBe(200);
  });

  it('limits code guessing from one IP', async () => {
    const ip = '192.0.2.20';
    const guess = () =>
      call(ctx, 'POST', '/auth/verify-signin', {
        payload: { email: 'seeker@parley.local', code: '000000' },
        ip,
      });
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).not.toBe(429);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(TOO_MANY_FROM_IP);
  });

  it('limits sign-up requests from one IP', async () => {
    const ip = '192.0.2.30';
    const signup = (n: number) =>
      call(ctx, 'POST', '/auth/request-signup', {
        payload: { email: `someone${n}@example.com`, firstName: 'Some', accountType: 'individual' },
        ip,
      });
    for (let i = 0; i < 3; i++) expect((await signup(i)).statusCode).toBe(200);
    expect(json(await signup(3))).toEqual(TOO_MANY_FROM_IP);
  });

  it('cannot be dodged with a forged X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const send = (n: number, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-signin',
        payload: { email: 'seeker@parley.local', code: '000000' },
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(i, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('counts the forwarded client address behind a proxy on the private network', async () => {
    const signup = (client: string, n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/request-signup',
        payload: {
          email: `proxied${client.replace(/\D/g, '')}-${n}@example.com`,
          firstName: 'P',
          accountType: 'team',
        },
        remoteAddress: '10.99.0.1',
        headers: { 'x-forwarded-for': client },
      });
    for (let n = 0; n < 3; n++) expect((await signup('198.51.100.60', n)).statusCode).toBe(200);
    expect((await signup('198.51.100.60', 3)).statusCode).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await signup('198.51.100.61', 0)).statusCode).toBe(200);
  });
});

describe.runIf(await redisAnswers())('requests per client IP, several processes', () => {
  let first: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestContext({
      env: { AUTH_REQUESTS_PER_IP: '3', AUTH_RATE_WINDOW_MINUTES: '1', REDIS_URL: TEST_REDIS_URL },
    });
    second = await secondProcess(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts a client’s sign-in attempts on every process behind the load balancer', async () => {
    // The counts outlive this test in the shared Redis: an address no earlier run used.
    const ip = `100.64.${randomInt(256)}.${randomInt(1, 255)}`;
    const guess = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-signin',
        payload: { email: 'seeker@parley.local', code: '000000' },
        remoteAddress: ip,
      });
    for (const app of [first.app, second, first.app]) {
      expect((await guess(app)).statusCode).not.toBe(429);
    }
    // The second process saw one attempt itself; the limit of 3 counts all of them.
    const refused = await guess(second);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(TOO_MANY_FROM_IP);
    expect((await guess(first.app)).statusCode).toBe(429);
  });
});
