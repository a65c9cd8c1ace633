import { createHmac, randomUUID } from 'node:crypto';
import {
  postWebhook,
  serveBotService,
  streamAudio,
  type BotServiceBase,
  type StreamedSpeaker,
} from './bot-service-stand-in.js';

export interface RecallStandIn extends BotServiceBase {
  /** The workspace's webhook secret, `whsec_<base64>`. */
  webhookSecret: string;
  bots: Map<
    string,
    {
      meeting_url: string;
      bot_name: string;
      metadata: unknown;
      done: boolean;
      /** recording_config.realtime_endpoints' websocket taking audio_separate_raw.data. */
      audioUrl: string | null;
    }
  >;
  /**
   * As Recall.ai does in a call: `audio_separate_raw.data` events, each with its participant
   * ({id, name}) and base64 16 kHz mono S16LE, to the realtime websocket endpoint.
   */
  streamCall(botId: string, speakers: StreamedSpeaker[]): Promise<number>;
  /**
   * Posts a status-change webhook (`bot.joining_call`, `bot.in_waiting_room`,
   * `bot.in_call_recording`, `bot.call_ended`, `bot.done`, `bot.fatal`) to `target`, signed the
   * Svix way: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. Answers
   * Parley's status and the delivery's id (`webhook-id`), which a replay sends again.
   */
  statusChange(
    target: string,
    botId: string,
    event: string,
    opts?: { subCode?: string; webhookId?: string; badSignature?: boolean; timestamp?: number },
  ): Promise<{ status: number; webhookId: string }>;
}

/**
 * A local Recall.ai speaking the calls Parley makes: `POST /api/v1/bot/`, `GET /api/v1/bot/`,
 * `GET /api/v1/bot/{id}/` (its recording's download_url once the bot is done), `POST
 * …/leave_call/` and `…/stop_recording/`.
 */
export async function startRecallStandIn(recording: {
  file: string;
  contentType: string;
}): Promise<RecallStandIn> {
  const key = 'recall-test-key';
  const webhookSecret = `whsec_${Buffer.from('recall-webhook-secret-bytes-0032').toString('base64')}`;
  const bots: RecallStandIn['bots'] = new Map();
  const base = await serveBotService(key, recording, ({ origin, failJoin }) => [
    (call, reply) => {
      if (call.method !== 'POST' || call.path !== '/api/v1/bot/') return false;
      if (failJoin()) return (reply(503, { detail: 'Service unavailable' }), true);
      const body = call.body as {
        meeting_url: string;
        bot_name: string;
        metadata?: unknown;
        recording_config?: { realtime_endpoints?: { url?: string; events?: string[] }[] };
      };
      const endpoint = body.recording_config?.realtime_endpoints?.find((e) =>
        e.events?.includes('audio_separate_raw.data'),
      );
      const id = randomUUID();
      bots.set(id, {
        meeting_url: body.meeting_url,
        bot_name: body.bot_name,
        metadata: body.metadata ?? {},
        done: false,
        audioUrl: endpoint?.url ?? null,
      });
      reply(201, { id, meeting_url: body.meeting_url, recordings: [], status_changes: [] });
      return true;
    },
    (call, reply) => {
      if (call.method !== 'GET' || !call.path.startsWith('/api/v1/bot/?')) return false;
      reply(200, { next: null, previous: null, results: [] });
      return true;
    },
    (call, reply) => {
      const m = /^\/api\/v1\/bot\/([^/]+)\/(leave_call\/|stop_recording\/)?$/.exec(call.path);
      const bot = m ? bots.get(m[1]!) : undefined;
      if (!m || !bot) return false;
      if (!m[2] && call.method === 'GET') {
        const download_url = `${origin}/media/${m[1]}`;
        reply(200, {
          id: m[1],
          recordings: bot.done
            ? [{ id: randomUUID(), media_shortcuts: { video_mixed: { data: { download_url } } } }]
            : [],
        });
      } else if (m[2] && call.method === 'POST') {
        reply(200, { id: m[1] });
      } else return false;
      return true;
    },
  ]);

  return {
    ...base,
    webhookSecret,
    bots,
    async statusChange(target, botId, event, opts = {}) {
      const code = event.slice(4);
      if (code === 'done') {
        const bot = bots.get(botId);
        if (bot) bot.done = true;
      }
      const webhookId = opts.webhookId ?? `msg_${randomUUID()}`;
      const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
      const body = JSON.stringify({
        event,
        data: {
          data: { code, sub_code: opts.subCode ?? null, updated_at: new Date().toISOString() },
          bot: { id: botId, metadata: bots.get(botId)?.metadata ?? {} },
        },
      });
      const secret = opts.badSignature
        ? Buffer.from('not the secret')
        : Buffer.from(webhookSecret.slice(6), 'base64');
      const signature = createHmac('sha256', secret)
        .update(`${webhookId}.${timestamp}.${body}`)
        .digest('base64');
      const status = await postWebhook(target, body, {
        'webhook-id': webhookId,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      });
      return { status, webhookId };
    },
    async streamCall(botId, speakers) {
      const bot = bots.get(botId);
      if (!bot?.audioUrl) throw new Error(`no realtime endpoint for ${botId}`);
      const start = Date.now();
      return streamAudio(bot.audioUrl, speakers, (s, chunk, atMs) =>
        JSON.stringify({
          event: 'audio_separate_raw.data',
          data: {
            data: {
              buffer: chunk.toString('base64'),
              timestamp: { relative: atMs / 1000, absolute: new Date(start + atMs).toISOString() },
              participant: {
                id: Number(s.id),
                name: s.name,
                is_host: false,
                platform: 'desktop',
                extra_data: {},
              },
            },
            realtime_endpoint: { id: 're_1', metadata: {} },
            audio_separate: { id: 'as_1', metadata: {} },
            recording: { id: 'rec_1', metadata: {} },
            bot: { id: botId, metadata: bot.metadata },
          },
        }),
      );
    },
  };
}
