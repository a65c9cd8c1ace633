import type { ServerResponse } from 'node:http';
import type { ChatMessage } from '../types.js';
import { sendJson, startProtocolServer, type ErrorKind, type WireProtocol } from './http-core.js';
import type { ProviderTestServer, ScriptedBehaviour } from './scripted.js';

const ERROR_TYPES: Record<ErrorKind, { type: string; code: string | null }> = {
  auth: { type: 'invalid_request_error', code: 'invalid_api_key' },
  'rate-limited': { type: 'requests', code: 'rate_limit_exceeded' },
  unavailable: { type: 'server_error', code: null },
  'not-found': { type: 'invalid_request_error', code: 'model_not_found' },
  'bad-request': { type: 'invalid_request_error', code: null },
};

function inRange(
  body: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
): string | null {
  const v = body[key];
  if (v === undefined || v === null) return null;
  return typeof v === 'number' && v >= min && v <= max
    ? null
    : `${v} is not a valid '${key}': expected ${min}..${max}.`;
}

const created = () => Math.floor(Date.now() / 1000);

/** OpenAI's Chat Completions wire protocol (also what Ollama, vLLM and llama.cpp serve under /v1). */
const openAiProtocol: WireProtocol = {
  defaultModels: ['gpt-3.5-turbo', 'gpt-4o-mini', 'gpt-4o'],
  basePath: '/v1',
  route(method, url) {
    const path = url.pathname.replace(/^\/v1/, '');
    if (method === 'GET' && path === '/models') return { kind: 'list' };
    if (method === 'POST' && path === '/chat/completions') return { kind: 'generate' };
    return null;
  },
  keyOf(req) {
    return /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  },
  parse(raw) {
    if (typeof raw !== 'object' || raw === null) return 'The request body is not JSON.';
    const body = raw as Record<string, unknown>;
    if (typeof body.model !== 'string') return "Missing required parameter: 'model'.";
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      return "'messages' must be a non-empty array.";
    const problem =
      inRange(body, 'temperature', 0, 2) ??
      inRange(body, 'top_p', 0, 1) ??
      inRange(body, 'frequency_penalty', -2, 2) ??
      inRange(body, 'presence_penalty', -2, 2);
    if (problem) return problem;
    const format = body.response_format as
      { type?: string; json_schema?: { name?: string; schema?: unknown } } | undefined;
    if (
      format?.type === 'json_schema' &&
      (!format.json_schema?.name || !format.json_schema.schema)
    ) {
      return "Missing required parameter: 'response_format.json_schema.name' or 'schema'.";
    }
    const maxTokens = body.max_completion_tokens ?? body.max_tokens;
    return {
      model: body.model,
      messages: body.messages as ChatMessage[],
      stream: body.stream === true,
      includeUsage:
        (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true,
      maxTokens: typeof maxTokens === 'number' ? maxTokens : undefined,
      schema: format?.type === 'json_schema' ? format.json_schema?.schema : undefined,
    };
  },
  sendError(res, status, kind, message) {
    sendJson(res, status, { error: { message, ...ERROR_TYPES[kind], param: null } });
  },
  sendList(res, models) {
    sendJson(res, 200, {
      object: 'list',
      data: models.map((id) => ({
        id,
        object: 'model',
        created: created(),
        owned_by: 'parley-test',
      })),
    });
  },
  sendAnswer(res, _call, answer) {
    sendJson(res, 200, {
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: created(),
      model: answer.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.text, refusal: null },
          logprobs: null,
          finish_reason: answer.finish,
        },
      ],
      ...(answer.reportUsage && {
        usage: {
          prompt_tokens: answer.usage.inputTokens,
          completion_tokens: answer.usage.outputTokens,
          total_tokens: answer.usage.inputTokens + answer.usage.outputTokens,
        },
      }),
    });
  },
  openStream(res: ServerResponse, call, answer) {
    const id = `chatcmpl-${Date.now()}`;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: created(), model: answer.model, choices, ...extra })}\n\n`,
      );
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    return {
      piece: (text) => chunk([{ index: 0, delta: { content: text }, finish_reason: null }]),
      finish: () => {
        chunk([{ index: 0, delta: {}, finish_reason: answer.finish }]);
        if (call.includeUsage && answer.reportUsage) {
          chunk([], {
            usage: {
              prompt_tokens: answer.usage.inputTokens,
              completion_tokens: answer.usage.outputTokens,
              total_tokens: answer.usage.inputTokens + answer.usage.outputTokens,
            },
          });
        }
        res.end('data: [DONE]\n\n');
      },
    };
  },
};

export type OpenAiServerOptions = ScriptedBehaviour;

/**
 * A local server speaking OpenAI's Chat Completions protocol: POST /v1/chat/completions (JSON
 * or SSE chat.completion.chunk events ending in [DONE], usage when stream_options.include_usage),
 * GET /v1/models, Bearer keys. `url` ends in /v1, as the SDK's baseURL and Ollama's do.
 */
export function startOpenAiServer(options: OpenAiServerOptions = {}): Promise<ProviderTestServer> {
  return startProtocolServer(openAiProtocol, options);
}
