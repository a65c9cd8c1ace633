import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAttendeeBot } from './attendee.js';
import { createRecallBot } from './recall.js';
import { BotWebhookRefused } from './service-adapter.js';

/**
 * The signature checks on their own, for the variations the services send that the stand-ins
 * do not: Attendee signing its keys sorted, Recall rotating secrets (several signatures in one
 * header) and the legacy `svix-` headers.
 */

const attendeeSecret = Buffer.from('attendee-secret-bytes').toString('base64');
const attendee = createAttendeeBot({
  url: 'http://unused',
  key: 'k',
  webhookSecret: attendeeSecret,
  webhookUrl: 'http://unused/hook',
});
const sign = (key: Buffer, content: string) =>
  createHmac('sha256', key).update(content).digest('base64');

describe('Attendee webhook signatures', () => {
  const payload = {
    trigger: 'bot.state_change',
    idempotency_key: 'k-1',
    bot_id: 'bot_1',
    data: { new_state: 'joined_recording', event_type: 'x' },
  };
  const body = JSON.stringify(payload);
  const sorted =
    '{"bot_id":"bot_1","data":{"event_type":"x","new_state":"joined_recording"},"idempotency_key":"k-1","trigger":"bot.state_change"}';

  it('accepts the body signed as sent, or with its keys sorted', () => {
    const key = Buffer.from(attendeeSecret, 'base64');
    for (const signed of [body, sorted]) {
      const delivery = attendee.readWebhook(
        { 'x-webhook-signature': sign(key, signed) },
        Buffer.from(body),
      );
      expect(delivery).toEqual({
        eventId: 'k-1',
        externalId: 'bot_1',
        parleyBotId: null,
        state: 'recording',
        reason: null,
        recordingReady: false,
      });
    }
  });

  it('refuses another secret, a changed body and no signature with 401', () => {
    const key = Buffer.from(attendeeSecret, 'base64');
    const cases: [Record<string, string>, string][] = [
      [{ 'x-webhook-signature': sign(Buffer.from('other'), body) }, body],
      [{ 'x-webhook-signature': sign(key, body) }, body.replace('joined_recording', 'ended')],
      [{}, body],
    ];
    for (const [headers, sent] of cases) {
      const read = () => attendee.readWebhook(headers, Buffer.from(sent));
      expect(read).toThrow(BotWebhookRefused);
      try {
        read();
      } catch (err) {
        expect((err as BotWebhookRefused).statusCode).toBe(401);
      }
    }
  });
});

describe('Recall.ai (Svix) webhook signatures', () => {
  const secret = Buffer.from('recall-secret-bytes');
  const now = new Date('2026-11-27T10:00:00Z');
  const recall = createRecallBot({
    url: 'http://unused',
    key: 'k',
    webhookSecret: `whsec_${secret.toString('base64')}`,
    now: () => now,
  });
  const body = JSON.stringify({
    event: 'bot.fatal',
    data: { data: { code: 'fatal', sub_code: 'meeting_password_incorrect' }, bot: { id: 'b-1' } },
  });
  const ts = String(now.getTime() / 1000);
  const good = `v1,${sign(secret, `msg_1.${ts}.${body}`)}`;

  it('accepts one good signature among others (a secret being rotated), and svix- headers', () => {
    for (const prefix of ['webhook', 'svix']) {
      const delivery = recall.readWebhook(
        {
          [`${prefix}-id`]: 'msg_1',
          [`${prefix}-timestamp`]: ts,
          [`${prefix}-signature`]: `v1,${sign(Buffer.from('old'), 'x')} ${good}`,
        },
        Buffer.from(body),
      );
      expect(delivery).toMatchObject({
        eventId: 'msg_1',
        externalId: 'b-1',
        state: 'failed',
        reason: 'The meeting password is incorrect',
      });
    }
  });

  it('refuses a signature of another delivery id', () => {
    expect(() =>
      recall.readWebhook(
        { 'webhook-id': 'msg_2', 'webhook-timestamp': ts, 'webhook-signature': good },
        Buffer.from(body),
      ),
    ).toThrow('signature does not match');
  });
});
