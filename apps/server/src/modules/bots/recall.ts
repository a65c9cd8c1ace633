import type { BotState } from '@parley/contracts';
import type { BotJoin } from './meeting-bot.js';
import {
  BotWebhookRefused,
  createdBotId,
  failure,
  header,
  hmac,
  isPlatformLink,
  parleyBotIdOf,
  presignedRecording,
  readableCode,
  sameBytes,
  tokenApi,
  type BotServiceAdapter,
  type BotWebhookDelivery,
} from './service-adapter.js';

export interface RecallOptions {
  /** The region's origin (https://us-east-1.recall.ai), without a trailing slash. */
  url: string;
  key: string;
  /** The workspace's webhook secret, `whsec_…`. */
  webhookSecret: string;
  now: () => Date;
}

/** Svix refuses deliveries older or newer than this; so does Parley (replays of old ones). */
const TOLERANCE_MS = 5 * 60_000;

/** Recall's status codes → ours; null for codes that change nothing users see. */
const STATES: Record<string, BotState | null> = {
  joining_call: 'joining',
  in_waiting_room: 'waiting_in_lobby',
  in_call_not_recording: null,
  recording_permission_allowed: null,
  recording_permission_denied: 'failed',
  in_call_recording: 'recording',
  call_ended: 'left',
  recording_done: null,
  done: 'left',
  fatal: 'failed',
};

/** Common sub codes of a fatal or denied bot, in words (others are spelled from the code). */
const SUB_CODES: Record<string, string> = {
  bot_kicked_from_waiting_room: 'The bot was not let in from the waiting room',
  timeout_exceeded_waiting_room: 'Nobody let the bot in from the waiting room in time',
  meeting_not_found: 'The meeting was not found',
  meeting_password_incorrect: 'The meeting password is incorrect',
  meeting_requires_sign_in: 'The meeting only admits signed-in users',
  meeting_not_started: 'The meeting had not started',
  bot_kicked_from_call: 'The bot was removed from the call',
  recording_permission_denied: 'The host did not allow recording',
};

interface RecallDelivery {
  event?: unknown;
  data?: {
    data?: { code?: unknown; sub_code?: unknown } | null;
    bot?: { id?: unknown; metadata?: unknown } | null;
    // The older status_change shape.
    bot_id?: unknown;
    status?: { code?: unknown; sub_code?: unknown } | null;
  } | null;
}

/** The first value of the Svix header, or its legacy `svix-` twin. */
const svix = (headers: Parameters<typeof header>[0], name: string) =>
  header(headers, `webhook-${name}`) ?? header(headers, `svix-${name}`);

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/**
 * Recall.ai (hosted): `POST /api/v1/bot/`, `GET /api/v1/bot/{id}/`, `POST …/leave_call/` and
 * `…/stop_recording/`, with `Authorization: Token <key>`. Its status webhooks come through Svix:
 * `webhook-signature` holds `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` entries.
 */
export function createRecallBot(opts: RecallOptions): BotServiceAdapter {
  const api = tokenApi(opts.url, opts.key);
  const key = keyOf(opts.webhookSecret);
  const bot = (id: string) => `/bot/${encodeURIComponent(id)}/`;

  return {
    provider: 'recall',
    accepts: isPlatformLink,

    async join(request: BotJoin) {
      const res = await api('/bot/', {
        method: 'POST',
        body: JSON.stringify({
          meeting_url: request.meetingLink,
          bot_name: request.botName,
          recording_config: {
            video_mixed_mp4: {},
            transcript: { provider: { meeting_captions: {} } },
            // Each participant's audio while it records (16 kHz mono S16LE, named).
            ...(request.liveAudioUrl
              ? {
                  audio_separate_raw: {},
                  realtime_endpoints: [
                    {
                      type: 'websocket',
                      url: request.liveAudioUrl,
                      events: ['audio_separate_raw.data'],
                    },
                  ],
                }
              : {}),
          },
          metadata: { parley_bot_id: request.botId, parley_meeting_id: request.meetingId },
          // Recall.ai plays it itself the moment its bot starts recording.
          ...(request.announcementMp3
            ? {
                automatic_audio_output: {
                  in_call_recording: {
                    data: { kind: 'mp3', b64_data: request.announcementMp3.toString('base64') },
                  },
                },
              }
            : {}),
        }),
      });
      if (!res.ok) throw await failure('Recall.ai refused the bot', res);
      return { externalId: await createdBotId(res, 'Recall.ai') };
    },

    async stopRecording(externalId) {
      const res = await api(`${bot(externalId)}stop_recording/`, { method: 'POST' });
      if (!res.ok) throw await failure('Recall.ai did not stop the recording', res);
    },

    async leave(externalId) {
      const res = await api(`${bot(externalId)}leave_call/`, { method: 'POST' });
      if (!res.ok) throw await failure('Recall.ai did not make the bot leave', res);
    },

    readWebhook(headers, rawBody): BotWebhookDelivery {
      const id = svix(headers, 'id');
      const timestamp = svix(headers, 'timestamp');
      const signatures = svix(headers, 'signature');
      if (!id || !timestamp || !signatures) {
        throw new BotWebhookRefused(401, 'Recall.ai webhook without its Svix headers');
      }
      const sentAt = Number(timestamp) * 1000;
      if (!Number.isFinite(sentAt) || Math.abs(opts.now().getTime() - sentAt) > TOLERANCE_MS) {
        throw new BotWebhookRefused(401, 'Recall.ai webhook timestamp outside the tolerance');
      }
      const expected = hmac(key, Buffer.concat([Buffer.from(`${id}.${timestamp}.`), rawBody]));
      const signed = signatures
        .split(' ')
        .map((entry) => entry.split(','))
        .some(
          ([version, sig]) =>
            version === 'v1' && sameBytes(Buffer.from(sig ?? '', 'base64'), expected),
        );
      if (!signed) throw new BotWebhookRefused(401, 'Recall.ai webhook signature does not match');

      let parsed: RecallDelivery;
      try {
        parsed = JSON.parse(rawBody.toString('utf8')) as RecallDelivery;
      } catch {
        throw new BotWebhookRefused(400, 'Recall.ai webhook body is not JSON');
      }
      const data = parsed.data ?? {};
      const externalId = data.bot?.id ?? data.bot_id;
      if (typeof externalId !== 'string') {
        throw new BotWebhookRefused(400, 'Recall.ai webhook without the bot id');
      }
      const event = String(parsed.event ?? '');
      const status = data.data ?? data.status ?? {};
      const code =
        event.startsWith('bot.') && event !== 'bot.status_change'
          ? event.slice(4)
          : String(status.code ?? '');
      const state = STATES[code] ?? null;
      const subCode = typeof status.sub_code === 'string' ? status.sub_code : '';
      const reason =
        state === 'failed'
          ? (SUB_CODES[subCode] ?? (readableCode(subCode || code) || 'The bot failed'))
          : null;
      return {
        eventId: id,
        externalId,
        parleyBotId: parleyBotIdOf(data.bot?.metadata),
        state,
        reason,
        recordingReady: code === 'done',
      };
    },

    async downloadRecording(externalId) {
      const res = await api(bot(externalId));
      if (!res.ok) throw await failure('Recall.ai did not answer the bot', res);
      const body = (await res.json()) as {
        recordings?: {
          media_shortcuts?: { video_mixed?: { data?: { download_url?: unknown } } };
        }[];
        video_url?: unknown;
      };
      const url =
        body.recordings?.[0]?.media_shortcuts?.video_mixed?.data?.download_url ?? body.video_url;
      if (typeof url !== 'string') throw new Error('Recall.ai has no recording for the bot');
      return presignedRecording(url);
    },

    async ping() {
      const res = await api('/bot/?page_size=1');
      if (!res.ok) throw await failure('Recall.ai did not answer', res);
    },
  };
}
