import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, json, type TestContext } from '../test/context.js';

/** A real SMTP server on a random local port; the app sends through nodemailer with SMTP_URL. */
const received: ParsedMail[] = [];
let server: SMTPServer;
let ctx: TestContext;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestContext({
    realMailer: true,
    // The outbox is on, so the last test shows SMTP mail is not kept in it.
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, DEV_OUTBOX: 'true', HOST: '127.0.0.1' },
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the sign-in code, which then signs in', async () => {
    const res = await call(ctx, 'POST', '/auth/request-signin', {
      payload: { email: 'poc@acme.parley.local' },
    });
    expect(res.statusCode).toBe(200);
    expect(ctx.mail).toHaveLength(0);

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('poc@acme.parley.local');
    expect(mail.from?.text).toContain('no-reply@parley.local');
    expect(mail.subject).toBe('Your Parley sign-in code');
    const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html || '').toContain(code);

    const verify = await call(ctx, 'POST', '/auth/verify-signin', {
      payload: { email: 'poc@acme.parley.local', code },
    });
    expect(verify.statusCode).toBe(200);
    expect(json(verify)).toHaveProperty('accessToken');
  });

  it('keeps nothing in the dev outbox when SMTP is configured', async () => {
    const res = await call(ctx, 'GET', '/dev/outbox?email=poc%40acme.parley.local');
    expect(res.statusCode).toBe(404);
  });
});
