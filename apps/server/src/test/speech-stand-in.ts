import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking an OpenAI-compatible speech API: GET /v1/models (what connecting a
 * ChatGPT provider checks) and POST /v1/audio/speech, answering with a WAV of tone bursts, one
 * per word, separated by silence, so the audio has real voiced stretches and pauses.
 */
export interface SpeechStandIn {
  url: string;
  requests: { auth: string | undefined; body: Record<string, unknown> }[];
  /** Milliseconds to wait before answering a speech request. */
  delayMs: number;
  close(): Promise<void>;
}

const RATE = 24_000;

/** 16-bit mono PCM WAV: `words` bursts of 220 Hz, 250 ms each, with 120 ms gaps. */
export function toneWordsWav(words: number): Buffer {
  const burst = Math.round(RATE * 0.25);
  const gap = Math.round(RATE * 0.12);
  const samples = words * (burst + gap) + gap;
  const pcm = Buffer.alloc(samples * 2);
  let i = gap;
  for (let w = 0; w < words; w++) {
    for (let k = 0; k < burst; k++, i++) {
      pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * k) / RATE) * 12_000), i * 2);
    }
    i += gap;
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startSpeechStandIn(apiKey = 'speech-key'): Promise<SpeechStandIn> {
  const state: SpeechStandIn = {
    url: '',
    requests: [],
    delayMs: 0,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const auth = req.headers.authorization;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (auth !== `Bearer ${apiKey}`) {
        send(401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        });
        return;
      }
      if (req.method === 'GET' && req.url === '/v1/models') {
        send(200, {
          object: 'list',
          data: [{ id: 'tts-1', object: 'model', created: 0, owned_by: 'stand-in' }],
        });
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/audio/speech') {
        const body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
        state.requests.push({ auth, body });
        if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
        const words = String(body.input ?? '')
          .split(/\s+/)
          .filter(Boolean).length;
        const wav = toneWordsWav(Math.max(1, words));
        res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length });
        res.end(wav);
        return;
      }
      send(404, { error: { message: 'Not found' } });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${String(port)}/v1`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
