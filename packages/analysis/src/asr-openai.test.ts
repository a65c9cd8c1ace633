import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleEngine, parseVerboseJson } from './asr/openai-compatible.js';
import { SAMPLE_RATE } from './decode.js';

/** A request as the local server saw it. */
interface Seen {
  url: string;
  auth: string | undefined;
  form: FormData;
}

/** What the next requests answer: status and JSON body, one per request (the last repeats). */
let script: { status: number; body: unknown }[] = [];
let seen: Seen[] = [];
let server: Server;
let url = '';

const VERBOSE = {
  task: 'transcribe',
  language: 'english',
  duration: 2,
  text: 'And so my fellow Americans',
  words: [
    { word: 'And', start: 0.1, end: 0.3 },
    { word: 'so', start: 0.3, end: 0.5 },
  ],
  segments: [{ id: 0, text: ' And so', start: 0, end: 0.6, avg_logprob: -0.2 }],
};

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const type = req.headers['content-type'] ?? '';
  return new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readForm(req).then((form) => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, form });
      const next = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [{ status: 200, body: VERBOSE }];
  seen = [];
});

const tone = (sec: number) =>
  Float32Array.from({ length: sec * SAMPLE_RATE }, (_, i) => 0.3 * Math.sin(i / 10));

describe('OpenAI-compatible engine', () => {
  it('posts a 16 kHz mono WAV as multipart and reads verbose_json words', async () => {
    const engine = new OpenAiCompatibleEngine({ url: `${url}/`, apiKey: 'sk-test' });
    const { words } = await engine.transcribe(tone(2));
    expect(seen).toHaveLength(1);
    const { form, auth } = seen[0]!;
    expect(seen[0]!.url).toBe('/v1/audio/transcriptions');
    expect(auth).toBe('Bearer sk-test');
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.getAll('timestamp_granularities[]')).toContain('word');
    const file = form.get('file') as File;
    expect(file.name).toBe('audio.wav');
    const wav = Buffer.from(await file.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.length).toBe(44 + 2 * 2 * SAMPLE_RATE);
    expect(words).toEqual([
      { word: 'And', start: 0.1, end: 0.3, confidence: 0.82 },
      { word: 'so', start: 0.3, end: 0.5, confidence: 0.82 },
    ]);
    expect(engine.quality).not.toMatch(/estimated/);
  });

  it('sends long audio in pieces cut at silences, times shifted to the recording', async () => {
    const engine = new OpenAiCompatibleEngine({ url, model: 'large-v3' });
    const speech = [
      { start: 1, end: 20 },
      { start: 30, end: 50 },
    ];
    const { words } = await engine.transcribe(tone(55), { speech, maxPieceSec: 30 });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.auth).toBeUndefined();
    expect(seen[1]!.form.get('model')).toBe('large-v3');
    expect(words.map((w) => w.start)).toEqual([0.9, 1.1, 29.9, 30.1]);
  });

  it('falls back to segments, spreading their time over the words, and says so', async () => {
    const { words: _, ...noWords } = VERBOSE;
    script = [{ status: 200, body: noWords }];
    const engine = new OpenAiCompatibleEngine({ url });
    const { words } = await engine.transcribe(tone(1));
    expect(words.map((w) => [w.word, w.start, w.end])).toEqual([
      ['And', 0, 0.3],
      ['so', 0.3, 0.6],
    ]);
    expect(engine.quality).toMatch(/estimated/);
  });

  it('reports a refused key without retrying', async () => {
    script = [{ status: 401, body: { error: { message: 'Incorrect API key' } } }];
    const engine = new OpenAiCompatibleEngine({ url, apiKey: 'bad', retryBaseMs: 1 });
    await expect(engine.transcribe(tone(1))).rejects.toThrow('ASR key was refused by the server');
    expect(seen).toHaveLength(1);
  });

  it('retries a 503 with back-off, then succeeds', async () => {
    script = [
      { status: 503, body: { error: 'loading model' } },
      { status: 429, body: { error: 'slow down' } },
      { status: 200, body: VERBOSE },
    ];
    const engine = new OpenAiCompatibleEngine({ url, retryBaseMs: 5 });
    const { words } = await engine.transcribe(tone(1));
    expect(seen).toHaveLength(3);
    expect(words).toHaveLength(2);
  });

  it('gives up after the retries with the server status in the message', async () => {
    script = [{ status: 500, body: { error: 'boom' } }];
    const engine = new OpenAiCompatibleEngine({ url, retries: 2, retryBaseMs: 1 });
    await expect(engine.transcribe(tone(1))).rejects.toThrow(/500 from .*boom/);
    expect(seen).toHaveLength(3);
  });

  it('times out a silent server and names the unreachable one', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const slow = new OpenAiCompatibleEngine({
        url: `http://127.0.0.1:${port}`,
        timeoutMs: 100,
        retries: 0,
      });
      await expect(slow.transcribe(tone(1))).rejects.toThrow(/no answer within 0.1 s/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    const closed = new OpenAiCompatibleEngine({ url: `http://127.0.0.1:${port}`, retries: 0 });
    await expect(closed.transcribe(tone(1))).rejects.toThrow(/unreachable: .*ECONNREFUSED/);
  });

  it('ends a request in flight when the transcription is given up, without retrying', async () => {
    let requests = 0;
    const silent = createServer(() => requests++);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const engine = new OpenAiCompatibleEngine({ url: `http://127.0.0.1:${port}`, retries: 3 });
      const stop = new AbortController();
      setTimeout(() => stop.abort(new Error('the job was given back')), 200);
      const started = Date.now();
      await expect(engine.transcribe(tone(1), { signal: stop.signal })).rejects.toThrow(
        'the job was given back',
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(requests).toBe(1);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('parses verbose_json words with an offset and drops empty ones', () => {
    const [words, estimated] = parseVerboseJson(
      {
        words: [
          { word: ' hi ', start: 1, end: 1.5 },
          { word: ' ', start: 2, end: 2 },
        ],
      },
      10,
    );
    expect(words).toEqual([{ word: 'hi', start: 11, end: 11.5, confidence: 1 }]);
    expect(estimated).toBe(false);
  });
});
