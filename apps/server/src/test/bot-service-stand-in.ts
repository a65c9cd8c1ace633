import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';

/**
 * What the local bot-service stand-ins (attendee-stand-in.ts, recall-stand-in.ts) share: an
 * HTTP server that checks the API key, keeps every request, serves a recording file, and posts
 * webhooks to Parley as the service would.
 */

export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface BotServiceBase {
  origin: string;
  seen: SeenCall[];
  /** The key the stand-in accepts (`Authorization: Token <key>`). */
  key: string;
  /** The next bot creation answers 500 (the service is down). */
  failNextJoin(): void;
  close(): Promise<void>;
}

export type Route = (call: SeenCall, reply: (status: number, body?: unknown) => void) => boolean;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/**
 * Serves `routes` under the API (key checked) and `/media/<bot id>` (the recording file,
 * presigned-style: no key). Answers 404 to anything else.
 */
export async function serveBotService(
  key: string,
  recording: { file: string; contentType: string },
  routes: (base: { origin: string; failJoin: () => boolean }) => Route[],
): Promise<BotServiceBase> {
  const seen: SeenCall[] = [];
  let joinFailures = 0;
  let origin = '';
  const failJoin = () => (joinFailures > 0 ? (joinFailures--, true) : false);
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = await readBody(req);
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const call: SeenCall = {
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        authorization: req.headers.authorization ?? null,
      };
      seen.push(call);
      const reply = (status: number, answer?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(answer === undefined ? '' : JSON.stringify(answer));
      };
      if (url.pathname.startsWith('/media/')) {
        res.writeHead(200, {
          'content-type': recording.contentType,
          'content-length': String(statSync(recording.file).size),
        });
        createReadStream(recording.file).pipe(res);
        return;
      }
      if (call.authorization !== `Token ${key}`) return reply(401, { detail: 'Invalid token.' });
      for (const route of routes({ origin, failJoin })) if (route(call, reply)) return;
      reply(404, { detail: 'Not found.' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    key,
    failNextJoin: () => void (joinFailures += 1),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Posts a webhook body to Parley with the given headers; answers the status Parley gave. */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const res = await fetch(target, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  await res.arrayBuffer();
  return res.status;
}

/** One participant's 16 kHz mono S16LE audio a stand-in streams, as the service would. */
export interface StreamedSpeaker {
  id: string;
  name: string;
  pcm: Buffer;
}

/**
 * Opens the websocket Parley gave the service and sends each speaker's audio in 100 ms
 * frames (`frame` makes one message), interleaved as a call's would be, paced a little so
 * the receiving end sees a stream rather than one burst. Answers how many messages went.
 */
export async function streamAudio(
  url: string,
  speakers: StreamedSpeaker[],
  frame: (speaker: StreamedSpeaker, chunk: Buffer, atMs: number) => string,
): Promise<number> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`live audio refused: HTTP ${String(res.statusCode)}`)),
    );
  });
  const bytes = 3200;
  const longest = Math.max(...speakers.map((s) => s.pcm.length));
  let sent = 0;
  for (let at = 0; at < longest; at += bytes) {
    for (const s of speakers) {
      if (at >= s.pcm.length) continue;
      socket.send(frame(s, s.pcm.subarray(at, at + bytes), (at / bytes) * 100));
      sent += 1;
    }
    if ((at / bytes) % 20 === 0) await new Promise((r) => setTimeout(r, 5));
  }
  if (socket.readyState !== WebSocket.CLOSED) {
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close(1000);
    });
  }
  return sent;
}
