import type { ServerResponse } from 'node:http';
import type { ChatMessage } from '../types.js';
import {
  sendJson,
  startProtocolServer,
  type Answer,
  type ErrorKind,
  type WireProtocol,
} from './http-core.js';
import type { ProviderTestServer, ScriptedBehaviour } from './scripted.js';

const STATUS_NAMES: Record<ErrorKind, string> = {
  auth: 'UNAUTHENTICATED',
  'rate-limited': 'RESOURCE_EXHAUSTED',
  unavailable: 'UNAVAILABLE',
  'not-found': 'NOT_FOUND',
  'bad-request': 'INVALID_ARGUMENT',
};

interface Content {
  role?: string;
  parts?: { text?: string }[];
}

const textOf = (c: Content | undefined) => (c?.parts ?? []).map((p) => p.text ?? '').join('');

function checkConfig(config: Record<string, unknown>, model: string): string | null {
  const range = (key: string, min: number, max: number, maxExclusive = false) => {
    const v = config[key];
    if (v === undefined) return null;
    const ok = typeof v === 'number' && v >= min && (maxExclusive ? v < max : v <= max);
    return ok
      ? null
      : `* GenerateContentRequest.generation_config.${key}: must be in [${min}, ${max}${maxExclusive ? ')' : ']'}`;
  };
  const problem =
    range('temperature', 0, 2) ??
    range('topP', 0, 1) ??
    range('presencePenalty', -2, 2, true) ??
    range('frequencyPenalty', -2, 2, true);
  if (problem) return problem;
  if (config.topK !== undefined && !(Number.isInteger(config.topK) && Number(config.topK) >= 1)) {
    return '* GenerateContentRequest.generation_config.top_k: must be a positive integer';
  }
  if (model.startsWith('gemma-')) {
    if (config.responseMimeType === 'application/json')
      return `JSON mode is not enabled for models/${model}`;
    if (config.presencePenalty !== undefined || config.frequencyPenalty !== undefined) {
      return `Penalty is not enabled for models/${model}`;
    }
  }
  return null;
}

function usageMetadata(answer: Answer, done: boolean) {
  const { inputTokens, outputTokens } = answer.usage;
  return done
    ? {
        promptTokenCount: inputTokens,
        candidatesTokenCount: outputTokens,
        totalTokenCount: inputTokens + outputTokens,
      }
    : { promptTokenCount: inputTokens, totalTokenCount: inputTokens };
}

const finishName = (answer: Answer) => (answer.finish === 'length' ? 'MAX_TOKENS' : 'STOP');

const geminiProtocol: WireProtocol = {
  defaultModels: ['gemini-1.5-flash', 'gemini-1.5-pro', 'gemma-7b-it'],
  basePath: '',
  route(method, url) {
    if (method === 'GET' && url.pathname === '/v1beta/models') return { kind: 'list' };
    const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
      url.pathname,
    );
    if (method !== 'POST' || !match?.[1]) return null;
    return {
      kind: 'generate',
      model: decodeURIComponent(match[1]),
      stream: match[2] === 'streamGenerateContent',
    };
  },
  keyOf(req, url) {
    const header = req.headers['x-goog-api-key'];
    return typeof header === 'string' ? header : (url.searchParams.get('key') ?? undefined);
  },
  parse(raw, route) {
    const model = route.model ?? '';
    if (typeof raw !== 'object' || raw === null) return 'Invalid JSON payload received.';
    const body = raw as {
      contents?: Content[];
      systemInstruction?: Content;
      generationConfig?: Record<string, unknown>;
    };
    if (!Array.isArray(body.contents) || body.contents.length === 0)
      return '* GenerateContentRequest.contents: contents is not specified';
    if (body.systemInstruction && model.startsWith('gemma-'))
      return `Developer instruction is not enabled for models/${model}`;
    const config = body.generationConfig ?? {};
    const problem = checkConfig(config, model);
    if (problem) return problem;
    const messages: ChatMessage[] = [];
    if (body.systemInstruction)
      messages.push({ role: 'system', content: textOf(body.systemInstruction) });
    for (const c of body.contents)
      messages.push({ role: c.role === 'model' ? 'assistant' : 'user', content: textOf(c) });
    const json = config.responseMimeType === 'application/json';
    return {
      model,
      messages,
      stream: route.stream === true,
      maxTokens: typeof config.maxOutputTokens === 'number' ? config.maxOutputTokens : undefined,
      schema: json
        ? (config.responseJsonSchema ?? config.responseSchema ?? { type: 'object' })
        : undefined,
    };
  },
  sendError(res, status, kind, message) {
    const retryAfter = res.getHeader('retry-after');
    const details =
      kind === 'rate-limited' && retryAfter !== undefined
        ? [
            {
              '@type': 'type.googleapis.com/google.rpc.RetryInfo',
              retryDelay: `${String(retryAfter)}s`,
            },
          ]
        : undefined;
    sendJson(res, status, {
      error: { code: status, message, status: STATUS_NAMES[kind], ...(details && { details }) },
    });
  },
  sendList(res, models) {
    sendJson(res, 200, {
      models: models.map((m) => ({
        name: `models/${m}`,
        version: '001',
        displayName: m,
        inputTokenLimit: 1_048_576,
        outputTokenLimit: 8192,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      })),
    });
  },
  sendAnswer(res, _call, answer) {
    sendJson(res, 200, {
      candidates: [
        {
          content: { parts: [{ text: answer.text }], role: 'model' },
          finishReason: finishName(answer),
          index: 0,
        },
      ],
      usageMetadata: usageMetadata(answer, true),
      modelVersion: answer.model,
    });
  },
  openStream(res: ServerResponse, _call, answer) {
    const chunk = (text: string, done: boolean) =>
      res.write(
        `data: ${JSON.stringify({
          candidates: [
            {
              content: { parts: [{ text }], role: 'model' },
              index: 0,
              ...(done && { finishReason: finishName(answer) }),
            },
          ],
          usageMetadata: usageMetadata(answer, done),
          modelVersion: answer.model,
        })}\r\n\r\n`,
      );
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    return {
      piece: (text) => chunk(text, false),
      finish: () => {
        chunk('', true);
        res.end();
      },
    };
  },
};

export type GeminiServerOptions = ScriptedBehaviour;

/**
 * A local server speaking the Gemini API (v1beta): POST models/{model}:generateContent and
 * :streamGenerateContent?alt=sse, GET models, x-goog-api-key (or ?key=). Gemma models refuse a
 * system instruction, JSON mode and penalties, as Google's do.
 */
export function startGeminiServer(options: GeminiServerOptions = {}): Promise<ProviderTestServer> {
  return startProtocolServer(geminiProtocol, options);
}
