import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, TokenUsage } from '../types.js';
import {
  approxTokens,
  DEFAULT_TEST_KEY,
  defaultReply,
  sampleFromSchema,
  sleep,
  streamPieces,
  truncateToTokens,
  type ProviderTestServer,
  type RecordedRequest,
  type ScriptedBehaviour,
} from './scripted.js';

/** A generation request, read from a provider's wire format. */
export interface GenerationCall {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  /** OpenAI only sends usage in a stream when stream_options.include_usage asks for it. */
  includeUsage?: boolean;
  maxTokens?: number;
  /** The JSON Schema the answer must match, when structured output was asked for. */
  schema?: unknown;
  /** Anthropic: the forced tool that carries the structured answer. */
  toolName?: string;
}

export interface Answer {
  model: string;
  text: string;
  /** The answer as a value, when a schema was asked for and the text is JSON. */
  json?: unknown;
  usage: TokenUsage;
  /** False when the server is told to act as one that reports no usage. */
  reportUsage: boolean;
  finish: 'stop' | 'length';
}

export type ErrorKind = 'auth' | 'rate-limited' | 'unavailable' | 'not-found' | 'bad-request';

/** What one provider's wire protocol contributes; the scripted behaviour is shared. */
export interface WireProtocol {
  defaultModels: string[];
  /** URL path prefix the SDK puts in front of its paths, given back as part of `url`. */
  basePath: string;
  route(
    method: string,
    url: URL,
  ): { kind: 'list' } | { kind: 'generate'; model?: string; stream?: boolean } | null;
  keyOf(req: IncomingMessage, url: URL): string | undefined;
  /** Reads the call, or says why the provider would refuse it (a 400). */
  parse(body: unknown, route: { model?: string; stream?: boolean }): GenerationCall | string;
  sendError(res: ServerResponse, status: number, kind: ErrorKind, message: string): void;
  sendList(res: ServerResponse, models: string[]): void;
  sendAnswer(res: ServerResponse, call: GenerationCall, answer: Answer): void;
  /** Writes the stream's opening; returns how to write one text piece and how to finish. */
  openStream(
    res: ServerResponse,
    call: GenerationCall,
    answer: Answer,
  ): { piece(text: string): void; finish(): void };
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function answerFor(call: GenerationCall, opts: ScriptedBehaviour): Answer {
  const reply = opts.reply ?? defaultReply;
  let json: unknown;
  let full: string;
  if (call.schema !== undefined && !opts.reply) {
    json = sampleFromSchema(call.schema, defaultReply(call.messages, call.model));
    full = JSON.stringify(json);
  } else {
    full = reply(call.messages, call.model);
    if (call.schema !== undefined) {
      try {
        json = JSON.parse(full);
      } catch {
        json = undefined;
      }
    }
  }
  const { text, cut } = truncateToTokens(full, call.maxTokens);
  const usage = opts.usage ?? {
    inputTokens: approxTokens(call.messages.map((m) => m.content).join('\n')),
    outputTokens: approxTokens(text),
  };
  const finish = cut ? 'length' : 'stop';
  return {
    model: call.model,
    text,
    json: cut ? undefined : json,
    usage,
    reportUsage: opts.reportUsage ?? true,
    finish,
  };
}

/** Starts a node:http server speaking `protocol`, scripted by `opts`. */
export async function startProtocolServer(
  protocol: WireProtocol,
  opts: ScriptedBehaviour,
): Promise<ProviderTestServer> {
  const apiKey = opts.apiKey ?? DEFAULT_TEST_KEY;
  const models = opts.models ?? protocol.defaultModels;
  const requests: RecordedRequest[] = [];
  let rateLimited = 0;
  let unavailable = 0;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    record: RecordedRequest,
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = protocol.route(req.method ?? 'GET', url);
    if (!route)
      return protocol.sendError(
        res,
        404,
        'not-found',
        `No route for ${req.method} ${url.pathname}`,
      );
    if (protocol.keyOf(req, url) !== apiKey)
      return protocol.sendError(res, 401, 'auth', 'Invalid API key.');
    if (route.kind === 'list') return protocol.sendList(res, models);

    if (opts.rateLimit && rateLimited < opts.rateLimit.times) {
      rateLimited++;
      res.setHeader('retry-after', String(opts.rateLimit.retryAfterSeconds ?? 1));
      return protocol.sendError(res, 429, 'rate-limited', 'Rate limit reached for requests.');
    }
    if (opts.unavailable && unavailable < opts.unavailable.times) {
      unavailable++;
      const status = opts.unavailable.status ?? 503;
      return protocol.sendError(
        res,
        status,
        'unavailable',
        'The server is overloaded or not ready yet.',
      );
    }
    const call = protocol.parse(record.body, route);
    if (typeof call === 'string') return protocol.sendError(res, 400, 'bad-request', call);
    if (!models.includes(call.model)) {
      return protocol.sendError(res, 404, 'not-found', `The model '${call.model}' does not exist.`);
    }
    if (opts.delayMs) await sleep(opts.delayMs);
    if (res.destroyed) return;
    const answer = answerFor(call, opts);
    if (!call.stream) return protocol.sendAnswer(res, call, answer);

    const stream = protocol.openStream(res, call, answer);
    let sent = 0;
    for (const piece of streamPieces(answer.text)) {
      if (opts.breakStreamAfter !== undefined && sent >= opts.breakStreamAfter) {
        // Let what was written reach the client first, as a connection lost mid-answer would.
        await sleep(50);
        res.socket?.destroy();
        return;
      }
      if (opts.streamChunkDelayMs) await sleep(opts.streamChunkDelayMs);
      if (res.destroyed) return;
      stream.piece(piece);
      sent++;
    }
    stream.finish();
  }

  const server = createServer((req, res) => {
    void (async () => {
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(record);
      res.on('finish', () => (record.status = res.statusCode));
      try {
        await handle(req, res, record);
      } catch (err) {
        if (!res.headersSent) protocol.sendError(res, 500, 'unavailable', String(err));
        else res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${protocol.basePath}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
