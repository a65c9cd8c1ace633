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

export interface AttendeeOptions {
  /** The self-hosted Attendee's origin, without a trailing slash. */
  url: string;
  key: string;
  webhookSecret: string;
  /** Where Attendee posts this bot's state changes (bot-level webhook). */
  webhookUrl: string;
}

/** Attendee's bot states → ours; null for states that change nothing users see. */
const STATES: Record<string, BotState | null> = {
  ready: 'joining',
  joining: 'joining',
  waiting_room: 'waiting_in_lobby',
  joined_recording: 'recording',
  joined_not_recording: null,
  joined_recording_paused: null,
  recording_permission_denied: 'failed',
  leaving: null,
  post_processing: 'left',
  ended: 'left',
  fatal_error: 'failed',
};

interface AttendeeDelivery {
  idempotency_key?: unknown;
  bot_id?: unknown;
  bot_metadata?: unknown;
  trigger?: unknown;
  data?: {
    new_state?: unknown;
    event_type?: unknown;
    event_sub_type?: unknown;
    participant_uuid?: unknown;
    participant_name?: unknown;
  } | null;
}

/**
 * Keys the secret may be: Attendee shows it base64-encoded and signs with the decoded bytes;
 * a secret that is not base64 is used as its text.
 */
function keysOf(secret: string): Buffer[] {
  const keys = [Buffer.from(secret, 'utf8')];
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(secret) && secret.length % 4 === 0) {
    keys.unshift(Buffer.from(secret, 'base64'));
  }
  return keys;
}

/** JSON with keys sorted and no spaces, as Attendee serialises what it signs. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Attendee (the open-source bot service, self-hosted): `POST /api/v1/bots`, `GET
 * /api/v1/bots/{id}/recording`, `POST …/pause_recording` and `…/leave`, with `Authorization:
 * Token <key>`. Its webhooks carry `X-Webhook-Signature`: base64 HMAC-SHA256 with the secret.
 * Which bytes it signs differs between versions (the body as sent, or its keys sorted), so
 * either is accepted; both are the same secret's proof.
 */
export function createAttendeeBot(opts: AttendeeOptions): BotServiceAdapter {
  const api = tokenApi(opts.url, opts.key);
  const keys = keysOf(opts.webhookSecret);

  return {
    provider: 'attendee',
    accepts: isPlatformLink,

    async join(request: BotJoin) {
      const res = await api('/bots', {
        method: 'POST',
        body: JSON.stringify({
          meeting_url: request.meetingLink,
          bot_name: request.botName,
          metadata: { parley_bot_id: request.botId, parley_meeting_id: request.meetingId },
          transcription_settings: { meeting_closed_captions: { language: request.language } },
          webhooks: [
            {
              url: opts.webhookUrl,
              triggers: ['bot.state_change', 'participant_events.join_leave'],
            },
          ],
          // Each participant's audio while it records, 16 kHz, named by the join events above.
          ...(request.liveAudioUrl
            ? {
                websocket_settings: {
                  per_participant_audio: { url: request.liveAudioUrl, sample_rate: 16_000 },
                },
              }
            : {}),
        }),
      });
      if (!res.ok) throw await failure('Attendee refused the bot', res);
      return { externalId: await createdBotId(res, 'Attendee') };
    },

    async stopRecording(externalId) {
      const res = await api(`/bots/${encodeURIComponent(externalId)}/pause_recording`, {
        method: 'POST',
      });
      if (!res.ok) throw await failure('Attendee did not pause the recording', res);
    },

    async leave(externalId) {
      const res = await api(`/bots/${encodeURIComponent(externalId)}/leave`, { method: 'POST' });
      if (!res.ok) throw await failure('Attendee did not make the bot leave', res);
    },

    readWebhook(headers, rawBody): BotWebhookDelivery {
      const given = header(headers, 'x-webhook-signature');
      let parsed: AttendeeDelivery;
      try {
        parsed = JSON.parse(rawBody.toString('utf8')) as AttendeeDelivery;
      } catch {
        parsed = {};
      }
      const contents = [rawBody, Buffer.from(canonical(parsed), 'utf8')];
      const signed =
        given !== undefined &&
        keys.some((key) =>
          contents.some((content) => sameBytes(Buffer.from(given, 'base64'), hmac(key, content))),
        );
      if (!signed) throw new BotWebhookRefused(401, 'Attendee webhook signature does not match');
      const { idempotency_key: eventId, bot_id: botId, trigger, data } = parsed;
      if (typeof eventId !== 'string' || typeof botId !== 'string') {
        throw new BotWebhookRefused(400, 'Attendee webhook without idempotency_key or bot_id');
      }
      const newState = trigger === 'bot.state_change' ? String(data?.new_state ?? '') : '';
      const state = STATES[newState] ?? null;
      const subType = typeof data?.event_sub_type === 'string' ? data.event_sub_type : '';
      const reason =
        state === 'failed'
          ? readableCode(subType || String(data?.event_type ?? newState)) || 'The bot failed'
          : null;
      const named =
        trigger === 'participant_events.join_leave' &&
        data?.participant_uuid != null &&
        typeof data.participant_name === 'string' &&
        data.participant_name.trim()
          ? { id: String(data.participant_uuid), name: data.participant_name.trim() }
          : null;
      return {
        eventId,
        externalId: botId,
        parleyBotId: parleyBotIdOf(parsed.bot_metadata),
        state,
        reason,
        recordingReady: newState === 'ended',
        ...(named ? { participant: named } : {}),
      };
    },

    async downloadRecording(externalId) {
      const res = await api(`/bots/${encodeURIComponent(externalId)}/recording`);
      if (!res.ok) throw await failure('Attendee has no recording', res);
      const { url } = (await res.json()) as { url?: unknown };
      if (typeof url !== 'string') throw new Error('Attendee answered no recording url');
      return presignedRecording(url);
    },

    /** `POST /bots/{id}/output_audio` with base64 MP3, as Attendee documents it. */
    async speak(externalId, mp3) {
      const res = await api(`/bots/${encodeURIComponent(externalId)}/output_audio`, {
        method: 'POST',
        body: JSON.stringify({ type: 'audio/mp3', data: mp3.toString('base64') }),
      });
      if (!res.ok) throw await failure('Attendee did not play the announcement', res);
    },

    async ping() {
      const res = await api('/bots?page_size=1');
      if (!res.ok) throw await failure('Attendee did not answer', res);
    },
  };
}
