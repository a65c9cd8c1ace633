import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadable } from 'node:stream/web';
import type { BotState } from '@parley/contracts';
import type { MeetingBot } from './meeting-bot.js';

/** What one webhook delivery says, once its signature held. */
export interface BotWebhookDelivery {
  /** The service's id of this delivery: a replay carries the same one and is applied once. */
  eventId: string;
  /** The service's id of the bot. */
  externalId: string;
  /**
   * Parley's id of the bot, from the metadata it was created with: finds the bot when a
   * webhook overtakes the answer to the join (its external id not stored yet).
   */
  parleyBotId: string | null;
  /** The state it reports; null for events that change none of ours. */
  state: BotState | null;
  /** Why it failed, as users read it. */
  reason: string | null;
  /** The call's recording can be downloaded now. */
  recordingReady: boolean;
  /** A participant the service named (Attendee's join/leave event): their live audio's name. */
  participant?: { id: string; name: string } | null;
}

/** A webhook refused: its signature does not match (401), or its body is not one (400). */
export class BotWebhookRefused extends Error {
  constructor(
    readonly statusCode: 401 | 400,
    message: string,
  ) {
    super(message);
    this.name = 'BotWebhookRefused';
  }
}

export type HeaderBag = Record<string, string | string[] | undefined>;

export const header = (headers: HeaderBag, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * An outside bot service (Attendee, Recall.ai) through its REST API: the MeetingBot calls,
 * plus what Parley needs from its side of the conversation: its webhooks read and checked, the
 * recording downloaded, and a call that says whether it answers with the configured key.
 */
export interface BotServiceAdapter extends MeetingBot {
  readonly provider: 'attendee' | 'recall';
  /** Checks the signature over the exact bytes received, then reads the delivery. */
  readWebhook(headers: HeaderBag, rawBody: Buffer): BotWebhookDelivery;
  /** The recording of the call, as media bytes. */
  downloadRecording(externalId: string): Promise<{ body: Readable; contentType: string | null }>;
  /** Throws with what went wrong when the service does not answer its API with the key. */
  ping(): Promise<void>;
  /** Plays MP3 audio into the call now (a service with an output-audio call). */
  speak?(externalId: string, mp3: Buffer): Promise<void>;
}

/** Constant-time comparison of two signatures (their bytes). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hmac = (key: Buffer, content: Buffer | string) =>
  createHmac('sha256', key).update(content).digest();

/** Links of the meeting platforms the outside services join. */
const PLATFORM_HOSTS = [
  /(^|\.)zoom\.us$/,
  /(^|\.)zoomgov\.com$/,
  /^meet\.google\.com$/,
  /^teams\.microsoft\.com$/,
  /^teams\.live\.com$/,
  /(^|\.)webex\.com$/,
];
export function isPlatformLink(link: URL): boolean {
  return link.protocol === 'https:' && PLATFORM_HOSTS.some((h) => h.test(link.hostname));
}

/** "bot_kicked_from_waiting_room" → "Bot kicked from waiting room". */
export function readableCode(code: string): string {
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** A service's error answer, kept short for the log and the reason shown. */
export async function failure(what: string, res: Response): Promise<Error> {
  const text = (await res.text().catch(() => '')).slice(0, 300);
  return new Error(`${what}: HTTP ${res.status}${text ? ` ${text}` : ''}`);
}

/**
 * Calls to a service's REST API under `<origin>/api/v1` with `Authorization: Token <key>`, as
 * Attendee and Recall.ai both take it: JSON both ways, 20 s per call.
 */
export function tokenApi(origin: string, key: string) {
  return (path: string, init: RequestInit = {}) =>
    fetch(`${origin}/api/v1${path}`, {
      ...init,
      headers: {
        Authorization: `Token ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...init.headers,
      },
      signal: AbortSignal.timeout(20_000),
    });
}

/** The id of the bot a join created (`{ id }`); `service` names it in the error. */
export async function createdBotId(res: Response, service: string): Promise<string> {
  const body = (await res.json()) as { id?: unknown };
  if (typeof body.id !== 'string') throw new Error(`${service} answered no bot id`);
  return body.id;
}

/** The recording at a presigned address of the service's storage: no key goes with it. */
export async function presignedRecording(
  url: string,
): Promise<{ body: Readable; contentType: string | null }> {
  const media = await fetch(url, { signal: AbortSignal.timeout(10 * 60_000) });
  if (!media.ok || !media.body) throw await failure('the recording did not download', media);
  return {
    body: Readable.fromWeb(media.body as WebReadable<Uint8Array>),
    contentType: media.headers.get('content-type'),
  };
}

/** The `parley_bot_id` Parley put in the bot's metadata, when the delivery carries it. */
export function parleyBotIdOf(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const id = (metadata as Record<string, unknown>).parley_bot_id;
  return typeof id === 'string' ? id : null;
}
