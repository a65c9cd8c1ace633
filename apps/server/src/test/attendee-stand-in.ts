import { createHmac, randomUUID } from 'node:crypto';
import {
  postWebhook,
  serveBotService,
  streamAudio,
  type BotServiceBase,
  type StreamedSpeaker,
} from './bot-service-stand-in.js';

export interface AttendeeStandIn extends BotServiceBase {
  /** The secret as Attendee shows it (base64); it signs with the decoded bytes. */
  webhookSecret: string;
  /** Bots created, by id: what Parley asked for. */
  bots: Map<
    string,
    {
      meeting_url: string;
      bot_name: string;
      webhookUrl: string | null;
      metadata: unknown;
      /** websocket_settings.per_participant_audio.url, when Parley asked for live audio. */
      audioUrl: string | null;
    }
  >;
  /**
   * As Attendee does in a call: a participant_events.join_leave webhook names each speaker,
   * then their audio goes to the per-participant websocket as `realtime_audio.per_participant`
   * messages (base64 16 kHz PCM with its participant_uuid). Answers the messages sent.
   */
  streamCall(botId: string, speakers: StreamedSpeaker[]): Promise<number>;
  /**
   * The next bot's creation sends this state change before it answers (a webhook that
   * overtakes the answer, as a fast service's can).
   */
  announceBeforeAnswer(newState: string): void;
  /**
   * Posts a bot.state_change webhook for the bot to where its creation asked (or `target`),
   * signed as Attendee signs: base64 HMAC-SHA256 of the body with the secret. Answers Parley's
   * status and the delivery's idempotency key.
   */
  stateChange(
    botId: string,
    change: { newState: string; eventType?: string; subType?: string | null },
    opts?: { idempotencyKey?: string; target?: string; badSignature?: boolean },
  ): Promise<{ status: number; idempotencyKey: string }>;
}

/**
 * A local Attendee speaking the calls Parley makes: `POST /api/v1/bots` (with its bot-level
 * webhooks), `GET /api/v1/bots`, `POST …/pause_recording`, `POST …/leave`, and
 * `GET …/recording` answering `{url}` of the recording file.
 */
export async function startAttendeeStandIn(recording: {
  file: string;
  contentType: string;
}): Promise<AttendeeStandIn> {
  const key = 'attendee-test-key';
  const webhookSecret = Buffer.from('attendee-webhook-secret-bytes-32').toString('base64');
  const bots: AttendeeStandIn['bots'] = new Map();
  let early: string | null = null;
  // Set below, once the stand-in (and its signing) exists.
  let announce: (botId: string, newState: string) => Promise<unknown> = async () => undefined;
  const base = await serveBotService(key, recording, ({ origin, failJoin }) => [
    (call, reply) => {
      if (call.method !== 'POST' || call.path !== '/api/v1/bots') return false;
      if (failJoin()) return (reply(500, { detail: 'Server error' }), true);
      const body = call.body as {
        meeting_url: string;
        bot_name: string;
        metadata?: unknown;
        webhooks?: { url: string }[];
        websocket_settings?: { per_participant_audio?: { url?: string } };
      };
      const id = `bot_${randomUUID().slice(0, 12)}`;
      bots.set(id, {
        meeting_url: body.meeting_url,
        bot_name: body.bot_name,
        metadata: body.metadata ?? null,
        webhookUrl: body.webhooks?.[0]?.url ?? null,
        audioUrl: body.websocket_settings?.per_participant_audio?.url ?? null,
      });
      const answer = () =>
        reply(201, { id, meeting_url: body.meeting_url, state: 'joining', events: [] });
      const first = early;
      early = null;
      if (first) void announce(id, first).then(answer);
      else answer();
      return true;
    },
    (call, reply) => {
      if (call.method !== 'GET' || !call.path.startsWith('/api/v1/bots?')) return false;
      reply(200, { results: [...bots.keys()].map((id) => ({ id })) });
      return true;
    },
    (call, reply) => {
      const m = /^\/api\/v1\/bots\/([^/]+)\/(leave|pause_recording|recording|output_audio)$/.exec(
        call.path,
      );
      if (!m || !bots.has(m[1]!)) return false;
      if (m[2] === 'recording' && call.method === 'GET') {
        reply(200, { url: `${origin}/media/${m[1]}`, start_timestamp_ms: 0 });
      } else if (call.method === 'POST' && m[2] !== 'recording') {
        reply(200, { id: m[1] });
      } else return false;
      return true;
    },
  ]);

  const standIn: AttendeeStandIn = {
    ...base,
    webhookSecret,
    bots,
    announceBeforeAnswer: (newState) => void (early = newState),
    streamCall: () => Promise.reject(new Error('not ready')),
    async stateChange(botId, change, opts = {}) {
      const idempotencyKey = opts.idempotencyKey ?? randomUUID();
      const body = JSON.stringify({
        idempotency_key: idempotencyKey,
        bot_id: botId,
        bot_metadata: bots.get(botId)?.metadata ?? null,
        trigger: 'bot.state_change',
        data: {
          new_state: change.newState,
          old_state: 'joining',
          created_at: new Date().toISOString(),
          event_type: change.eventType ?? change.newState,
          event_sub_type: change.subType ?? null,
        },
      });
      const secret = opts.badSignature
        ? Buffer.from('another secret')
        : Buffer.from(webhookSecret, 'base64');
      const signature = createHmac('sha256', secret).update(body).digest('base64');
      const target = opts.target ?? bots.get(botId)?.webhookUrl;
      if (!target) throw new Error(`no webhook address for ${botId}`);
      const status = await postWebhook(target, body, { 'X-Webhook-Signature': signature });
      return { status, idempotencyKey };
    },
  };
  announce = (botId, newState) => standIn.stateChange(botId, { newState });
  standIn.streamCall = async (botId, speakers) => {
    const bot = bots.get(botId);
    if (!bot?.audioUrl || !bot.webhookUrl) throw new Error(`no live audio address for ${botId}`);
    for (const s of speakers) {
      const body = JSON.stringify({
        idempotency_key: randomUUID(),
        bot_id: botId,
        bot_metadata: bot.metadata,
        trigger: 'participant_events.join_leave',
        data: {
          id: `evt_${randomUUID().slice(0, 8)}`,
          participant_name: s.name,
          participant_uuid: s.id,
          participant_is_host: false,
          event_type: 'join',
          event_data: {},
          timestamp_ms: Date.now(),
        },
      });
      const signature = createHmac('sha256', Buffer.from(webhookSecret, 'base64'))
        .update(body)
        .digest('base64');
      await postWebhook(bot.webhookUrl, body, { 'X-Webhook-Signature': signature });
    }
    const start = Date.now();
    return streamAudio(bot.audioUrl, speakers, (s, chunk, atMs) =>
      JSON.stringify({
        bot_id: botId,
        trigger: 'realtime_audio.per_participant',
        data: {
          participant_uuid: s.id,
          chunk: chunk.toString('base64'),
          sample_rate: 16000,
          timestamp_ms: start + atMs,
        },
      }),
    );
  };
  return standIn;
}
