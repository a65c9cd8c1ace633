import { createHmac } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { API_PREFIX } from '@parley/contracts';
import type { LiveAudioSink } from '../live/index.js';
import type { BotsRepo, MeetingBotRow } from './repo.js';
import { sameBytes } from './service-adapter.js';

/** Where Attendee and Recall.ai stream a call's audio: one websocket address per bot. */
export const LIVE_AUDIO_PATH = `${API_PREFIX}/bots/live-audio`;
const SAMPLE_RATE = 16_000;

/** One participant's audio in one message, as a service sends it. */
export interface ServiceAudio {
  participantId: string;
  /** The name the service gave; null when it named nobody (Attendee names come by webhook). */
  name: string | null;
  pcm: Buffer;
  sampleRate: number;
}

/**
 * Reads one websocket message of a service: Attendee's `realtime_audio.per_participant`
 * (`data.chunk`, `data.participant_uuid`, `data.sample_rate`) or Recall.ai's
 * `audio_separate_raw.data` (`data.data.buffer`, `data.data.participant {id, name}`, always
 * 16 kHz mono S16LE). Anything else (mixed audio, other events) is not a participant's audio.
 */
export function readServiceAudio(
  provider: 'attendee' | 'recall',
  text: string,
): ServiceAudio | null {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const obj = (v: unknown) =>
    v && typeof v === 'object' ? (v as Record<string, unknown>) : ({} as Record<string, unknown>);
  if (provider === 'attendee') {
    if (m.trigger !== 'realtime_audio.per_participant') return null;
    const data = obj(m.data);
    if (typeof data.chunk !== 'string' || data.participant_uuid == null) return null;
    return {
      participantId: String(data.participant_uuid),
      name: null,
      pcm: Buffer.from(data.chunk, 'base64'),
      sampleRate: typeof data.sample_rate === 'number' ? data.sample_rate : SAMPLE_RATE,
    };
  }
  if (m.event !== 'audio_separate_raw.data') return null;
  const inner = obj(obj(m.data).data);
  const participant = obj(inner.participant);
  if (typeof inner.buffer !== 'string' || participant.id == null) return null;
  const name =
    typeof participant.name === 'string' && participant.name.trim()
      ? participant.name.trim()
      : null;
  return {
    participantId: String(participant.id),
    name,
    pcm: Buffer.from(inner.buffer, 'base64'),
    sampleRate: SAMPLE_RATE,
  };
}

export interface BotLiveAudioDeps {
  repo: Pick<BotsRepo, 'byId'>;
  sink: LiveAudioSink;
  appSecret: string;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

interface Stream {
  row: MeetingBotRow;
  /** Labels given to participants the service has not named (yet). */
  unnamed: Map<string, string>;
  /** Consent withdrawn: nothing after it reaches the live transcript. */
  stopped: boolean;
}

/**
 * The receiving end of a bot service's live audio: the address Parley gives the service when
 * it asks its bot to join (a token per bot in it, since neither service sends a header of
 * ours), then each participant's 16 kHz PCM pushed into the LiveAudioSink under their name,
 * from the first chunk until the bot leaves the call.
 */
export function createBotLiveAudio(deps: BotLiveAudioDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const streams = new Map<string, Stream>();
  const opened = new Map<string, Promise<void>>();
  // Participant names a service told by webhook (Attendee), by bot, then its participant id.
  const names = new Map<string, Map<string, string>>();
  const tokenOf = (botId: string) =>
    createHmac('sha256', deps.appSecret).update(`bot-live-audio:${botId}`).digest('base64url');
  const origin = deps.publicUrl.replace(/^http/, 'ws');

  function nameOf(stream: Stream, audio: ServiceAudio): string {
    const known = audio.name ?? names.get(stream.row.id)?.get(audio.participantId);
    if (known) return known;
    // Not named (yet): a stable label per participant, never someone else's name.
    const label =
      stream.unnamed.get(audio.participantId) ?? `Participant ${stream.unnamed.size + 1}`;
    stream.unnamed.set(audio.participantId, label);
    return label;
  }

  function receive(stream: Stream, provider: 'attendee' | 'recall', data: RawData): void {
    if (stream.stopped) return;
    const audio = readServiceAudio(provider, data.toString());
    if (!audio || audio.pcm.length < 2) return;
    if (audio.sampleRate !== SAMPLE_RATE) {
      deps.log.warn({ botId: stream.row.id, rate: audio.sampleRate }, 'bot audio not 16 kHz');
      return;
    }
    const { meetingId, organizationId } = stream.row;
    let open = opened.get(meetingId);
    if (!open) {
      open = deps.sink.open({ meetingId, organizationId });
      opened.set(meetingId, open);
    }
    const samples = new Int16Array(Math.floor(audio.pcm.length / 2));
    Buffer.from(samples.buffer).set(audio.pcm.subarray(0, samples.length * 2));
    const speaker = { id: `${stream.row.id}:${audio.participantId}`, name: nameOf(stream, audio) };
    void open.then(() => {
      if (!stream.stopped) deps.sink.push(meetingId, speaker, samples);
    });
  }

  async function connected(socket: WebSocket, provider: 'attendee' | 'recall', botId: string) {
    const buffered: RawData[] = [];
    socket.on('message', (data: RawData) => {
      const stream = streams.get(botId);
      if (stream) receive(stream, provider, data);
      else buffered.push(data);
    });
    const row = await deps.repo.byId(botId);
    if (!row || row.provider !== provider || ['left', 'failed'].includes(row.state)) {
      socket.close(1008, 'not a bot in a call');
      return;
    }
    const stream = streams.get(botId) ?? {
      row,
      unnamed: new Map<string, string>(),
      stopped: !row.allowRecording,
    };
    streams.set(botId, stream);
    for (const data of buffered.splice(0)) receive(stream, provider, data);
  }

  return {
    /** The address given to the service for this bot (ws:// or wss:// as PUBLIC_URL is). */
    urlFor(provider: 'attendee' | 'recall', botId: string): string {
      return `${origin}${LIVE_AUDIO_PATH}/${provider}/${botId}?token=${tokenOf(botId)}`;
    },

    /** Serves the websocket upgrades of LIVE_AUDIO_PATH on the API's HTTP server. */
    attach(server: Server): void {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const url = new URL(req.url ?? '/', 'http://parley');
        if (!url.pathname.startsWith(`${LIVE_AUDIO_PATH}/`)) return;
        const m = /^\/(attendee|recall)\/([0-9a-f-]{36})$/i.exec(
          url.pathname.slice(LIVE_AUDIO_PATH.length),
        );
        const given = Buffer.from(url.searchParams.get('token') ?? '');
        if (!m || !sameBytes(given, Buffer.from(tokenOf(m[2]!)))) {
          deps.log.warn({ path: url.pathname }, 'bot live audio refused: bad address or token');
          socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
          return;
        }
        const provider = m[1] as 'attendee' | 'recall';
        wss.handleUpgrade(req, socket, head, (ws) => {
          void connected(ws, provider, m[2]!).catch((err: unknown) => {
            deps.log.warn({ err }, 'bot live audio failed');
            ws.close(1011);
          });
        });
      });
    },

    /** A participant's name, from the service's participant webhook (Attendee). */
    named(botId: string, participantId: string, name: string): void {
      const known = names.get(botId) ?? new Map<string, string>();
      known.set(participantId, name);
      names.set(botId, known);
    },

    /** Consent withdrawn: from now on nothing of this bot's audio is kept. */
    stop(botId: string): void {
      const stream = streams.get(botId);
      if (stream) stream.stopped = true;
    },

    /** The bot left (or failed): what is buffered is transcribed and the live session closes. */
    async end(row: MeetingBotRow): Promise<void> {
      streams.delete(row.id);
      names.delete(row.id);
      const open = opened.get(row.meetingId);
      if (!open) return;
      opened.delete(row.meetingId);
      await open.catch(() => {});
      await deps.sink.close(row.meetingId);
    },

    close(): void {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
export type BotLiveAudio = ReturnType<typeof createBotLiveAudio>;
