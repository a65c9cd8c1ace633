import Anthropic from '@anthropic-ai/sdk';
import type {
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { CallPolicy } from './call-policy.js';
import { checkConnection, modelIds } from './connection-check.js';
import { buildResult, StreamedAnswer } from './result.js';
import { anthropicSampling } from './settings.js';
import type {
  ChatMessage,
  CompletionRequest,
  CompletionResult,
  LlmProvider,
  RemoteProviderConfig,
  StreamEvent,
  TokenUsage,
} from './types.js';

const OFFICIAL_BASE_URL = 'https://api.anthropic.com';
const SDK_TIMEOUT_MS = 10 * 60_000;

type RequestBody = Omit<MessageCreateParamsNonStreaming, 'stream'>;

interface Usage {
  input_tokens: number | null;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** Cached prompt tokens are input tokens too (billed differently, but still read). */
function usageOf(u: Usage): TokenUsage {
  const input =
    (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
  return { inputTokens: input, outputTokens: u.output_tokens };
}

function finishReason(reason: string | null | undefined): CompletionResult['finishReason'] {
  if (reason === 'end_turn' || reason === 'stop_sequence' || reason === 'tool_use') return 'stop';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'length';
  return 'other';
}

/**
 * System messages go in `system`; the rest must alternate user/assistant, so neighbours with
 * the same role are joined, and a conversation that is only a system prompt becomes a user turn.
 */
export function toAnthropicMessages(messages: ChatMessage[]): {
  system?: string;
  messages: MessageParam[];
} {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const turns: MessageParam[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const last = turns.at(-1);
    if (last && last.role === m.role) last.content = `${String(last.content)}\n\n${m.content}`;
    else turns.push({ role: m.role, content: m.content });
  }
  if (turns.length === 0) return { messages: [{ role: 'user', content: system.join('\n\n') }] };
  return { ...(system.length > 0 && { system: system.join('\n\n') }), messages: turns };
}

/**
 * JSON output through a forced tool: the model must "call" a tool whose input_schema is the
 * schema, and the call's input is the answer. Tool inputs are objects, so any other schema is
 * wrapped as { value: schema } and unwrapped again.
 */
function schemaTool(jsonSchema: NonNullable<CompletionRequest['jsonSchema']>): {
  tool: Tool;
  wrapped: boolean;
} {
  const name = jsonSchema.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'answer';
  const wrapped = jsonSchema.schema.type !== 'object';
  const schema = wrapped
    ? { type: 'object', properties: { value: jsonSchema.schema }, required: ['value'] }
    : jsonSchema.schema;
  const tool: Tool = {
    name,
    description: 'Give the answer as this tool input.',
    input_schema: schema as Tool['input_schema'],
  };
  return { tool, wrapped };
}

function answerJson(input: unknown, wrapped: boolean): string {
  const value =
    wrapped && typeof input === 'object' && input !== null
      ? (input as { value?: unknown }).value
      : input;
  return JSON.stringify(value ?? null);
}

export function createAnthropicProvider(config: RemoteProviderConfig): LlmProvider {
  const baseURL = config.baseUrl ?? OFFICIAL_BASE_URL;
  // authToken null: otherwise the SDK adds ANTHROPIC_AUTH_TOKEN from the server's environment.
  const client = new Anthropic({
    apiKey: config.apiKey,
    authToken: null,
    baseURL,
    maxRetries: 0,
    timeout: SDK_TIMEOUT_MS,
    ...(config.fetch && { fetch: config.fetch }),
  });
  const policy = new CallPolicy('anthropic', config);

  function body(req: CompletionRequest): { body: RequestBody; wrapped: boolean } {
    const forced = req.jsonSchema && schemaTool(req.jsonSchema);
    const request: RequestBody = {
      model: req.model,
      ...toAnthropicMessages(req.messages),
      ...anthropicSampling(req, req.model),
      ...(forced && {
        tools: [forced.tool],
        tool_choice: { type: 'tool', name: forced.tool.name },
      }),
    };
    return { body: request, wrapped: forced?.wrapped ?? false };
  }

  return {
    kind: 'anthropic',

    async complete(req) {
      const startedAt = Date.now();
      const { body: request, wrapped } = body(req);
      const message = await policy.run(req.signal, (signal) =>
        client.messages.create(
          { ...request, stream: false } satisfies MessageCreateParamsNonStreaming,
          { signal },
        ),
      );
      const toolUse = message.content.find((block) => block.type === 'tool_use');
      const text =
        req.jsonSchema && toolUse
          ? answerJson(toolUse.input, wrapped)
          : message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return buildResult(req, {
        provider: 'anthropic',
        model: message.model,
        text,
        usage: usageOf(message.usage),
        finishReason: finishReason(message.stop_reason),
        startedAt,
      });
    },

    async *stream(req): AsyncGenerator<StreamEvent> {
      const answer = new StreamedAnswer(req, 'anthropic', finishReason);
      const { body: request, wrapped } = body(req);
      const params: MessageCreateParamsStreaming = { ...request, stream: true };
      const events = policy.stream<RawMessageStreamEvent>(req.signal, (signal) =>
        client.messages.create(params, { signal }),
      );
      let toolJson = '';
      for await (const event of events) {
        if (event.type === 'message_start') {
          answer.model = event.message.model;
          answer.usage = usageOf(event.message.usage);
        } else if (event.type === 'message_delta') {
          answer.reason = event.delta.stop_reason ?? answer.reason;
          // output_tokens here is the running total; input_tokens only when the API repeats it.
          const input =
            event.usage.input_tokens == null ? undefined : usageOf(event.usage).inputTokens;
          answer.usage = {
            inputTokens: input ?? answer.usage?.inputTokens ?? 0,
            outputTokens: event.usage.output_tokens,
          };
        } else if (event.type === 'content_block_delta') {
          if (event.delta.type === 'text_delta') {
            yield answer.delta(event.delta.text);
          } else if (event.delta.type === 'input_json_delta') {
            toolJson += event.delta.partial_json;
            // A wrapped answer is only shown whole, once unwrapped: the wrapper is ours.
            if (!wrapped) yield { type: 'delta', text: event.delta.partial_json };
          }
        }
      }
      if (req.jsonSchema && toolJson) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(toolJson);
        } catch {
          parsed = undefined;
        }
        answer.text = parsed === undefined ? toolJson : answerJson(parsed, wrapped);
        if (wrapped) yield { type: 'delta', text: answer.text };
      }
      yield answer.done();
    },

    testConnection() {
      return checkConnection(policy, baseURL, (signal) =>
        modelIds(client.models.list({}, { signal }), (model) => model.id),
      );
    },
  };
}
