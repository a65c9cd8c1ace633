import type { ServerResponse } from 'node:http';
import type { ChatMessage } from '../types.js';
import { sendJson, startProtocolServer, type ErrorKind, type WireProtocol } from './http-core.js';
import type { ProviderTestServer, ScriptedBehaviour } from './scripted.js';

const ERROR_TYPES: Record<ErrorKind, string> = {
  auth: 'authentication_error',
  'rate-limited': 'rate_limit_error',
  unavailable: 'overloaded_error',
  'not-found': 'not_found_error',
  'bad-request': 'invalid_request_error',
};

/** Fields the Messages API does not have; it refuses them rather than ignoring them. */
const UNKNOWN_FIELDS = ['frequency_penalty', 'presence_penalty', 'response_format', 'n'];

type Block = { type: string; text?: string };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Block[]).map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('');
}

function checkSampling(body: Record<string, unknown>, model: string): string | null {
  const { temperature, top_p: topP, top_k: topK } = body;
  if (
    temperature !== undefined &&
    !(typeof temperature === 'number' && temperature >= 0 && temperature <= 1)
  ) {
    return 'temperature: Input should be less than or equal to 1';
  }
  if (topP !== undefined && !(typeof topP === 'number' && topP >= 0 && topP <= 1)) {
    return 'top_p: Input should be less than or equal to 1';
  }
  if (topK !== undefined && !(Number.isInteger(topK) && Number(topK) >= 0))
    return 'top_k: Input should be a valid integer';
  if (temperature !== undefined && topP !== undefined && /-4-5|opus-4-1/.test(model)) {
    return '`temperature` and `top_p` cannot both be specified for this model. Please use only one.';
  }
  return null;
}

const anthropicProtocol: WireProtocol = {
  defaultModels: ['claude-3-5-sonnet-latest', 'claude-3-5-haiku-latest', 'claude-haiku-4-5'],
  basePath: '',
  route(method, url) {
    if (method === 'GET' && url.pathname === '/v1/models') return { kind: 'list' };
    if (method === 'POST' && url.pathname === '/v1/messages') return { kind: 'generate' };
    return null;
  },
  // The API takes the key as x-api-key; SDK 1.x sends it as a Bearer token instead.
  keyOf(req) {
    const key = req.headers['x-api-key'];
    if (typeof key === 'string') return key;
    return /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  },
  parse(raw) {
    if (typeof raw !== 'object' || raw === null) return 'The request body is not JSON.';
    const body = raw as Record<string, unknown>;
    if (typeof body.model !== 'string') return 'model: Field required';
    if (!Number.isInteger(body.max_tokens) || Number(body.max_tokens) < 1)
      return 'max_tokens: Field required';
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      return 'messages: at least one message is required';
    const extra = UNKNOWN_FIELDS.find((f) => f in body);
    if (extra) return `${extra}: Extra inputs are not permitted`;
    const problem = checkSampling(body, body.model);
    if (problem) return problem;
    const messages: ChatMessage[] = [];
    if (body.system !== undefined) messages.push({ role: 'system', content: textOf(body.system) });
    for (const m of body.messages as { role: 'user' | 'assistant'; content: unknown }[]) {
      messages.push({ role: m.role, content: textOf(m.content) });
    }
    let schema: unknown;
    let toolName: string | undefined;
    const choice = body.tool_choice as { type?: string; name?: string } | undefined;
    if (choice?.type === 'tool') {
      const tools = (body.tools ?? []) as { name: string; input_schema: unknown }[];
      const tool = tools.find((t) => t.name === choice.name);
      if (!tool) return `tool_choice.name: Tool '${choice.name}' not found in tools`;
      schema = tool.input_schema;
      toolName = tool.name;
    }
    return {
      model: body.model,
      messages,
      stream: body.stream === true,
      maxTokens: Number(body.max_tokens),
      schema,
      toolName,
    };
  },
  sendError(res, status, kind, message) {
    sendJson(res, status, { type: 'error', error: { type: ERROR_TYPES[kind], message } });
  },
  sendList(res, models) {
    const data = models.map((id) => ({
      type: 'model',
      id,
      display_name: id,
      created_at: '2025-01-01T00:00:00Z',
    }));
    sendJson(res, 200, {
      data,
      has_more: false,
      first_id: models[0] ?? null,
      last_id: models.at(-1) ?? null,
    });
  },
  sendAnswer(res, call, answer) {
    const tool = call.toolName !== undefined && answer.finish === 'stop';
    sendJson(res, 200, {
      id: `msg_${Date.now()}`,
      type: 'message',
      role: 'assistant',
      model: answer.model,
      content: tool
        ? [
            {
              type: 'tool_use',
              id: `toolu_${Date.now()}`,
              name: call.toolName,
              input: answer.json ?? {},
            },
          ]
        : [{ type: 'text', text: answer.text }],
      stop_reason: answer.finish === 'length' ? 'max_tokens' : tool ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: answer.usage.inputTokens, output_tokens: answer.usage.outputTokens },
    });
  },
  openStream(res: ServerResponse, call, answer) {
    const event = (type: string, data: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    const tool = call.toolName !== undefined;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    event('message_start', {
      message: {
        id: `msg_${Date.now()}`,
        type: 'message',
        role: 'assistant',
        model: answer.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: answer.usage.inputTokens, output_tokens: 1 },
      },
    });
    event('content_block_start', {
      index: 0,
      content_block: tool
        ? { type: 'tool_use', id: `toolu_${Date.now()}`, name: call.toolName, input: {} }
        : { type: 'text', text: '' },
    });
    event('ping', {});
    return {
      piece: (text) =>
        event('content_block_delta', {
          index: 0,
          delta: tool
            ? { type: 'input_json_delta', partial_json: text }
            : { type: 'text_delta', text },
        }),
      finish: () => {
        event('content_block_stop', { index: 0 });
        const stop = answer.finish === 'length' ? 'max_tokens' : tool ? 'tool_use' : 'end_turn';
        event('message_delta', {
          delta: { stop_reason: stop, stop_sequence: null },
          usage: { output_tokens: answer.usage.outputTokens },
        });
        event('message_stop', {});
        res.end();
      },
    };
  },
};

export type AnthropicServerOptions = ScriptedBehaviour;

/**
 * A local server speaking Anthropic's Messages protocol: POST /v1/messages (JSON, or SSE
 * message_start / content_block_* / message_delta / message_stop), GET /v1/models, x-api-key or a Bearer key.
 * A forced tool (tool_choice type 'tool') is answered with a tool_use block matching its schema.
 */
export function startAnthropicServer(
  options: AnthropicServerOptions = {},
): Promise<ProviderTestServer> {
  return startProtocolServer(anthropicProtocol, options);
}
