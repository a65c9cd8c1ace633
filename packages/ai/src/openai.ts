import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import { CallPolicy } from './call-policy.js';
import { checkConnection, modelIds } from './connection-check.js';
import { buildResult, StreamedAnswer } from './result.js';
import { openAiSampling } from './settings.js';
import type {
  CompletionRequest,
  CompletionResult,
  LlmProvider,
  RemoteProviderConfig,
  StreamEvent,
} from './types.js';

const OFFICIAL_BASE_URL = 'https://api.openai.com/v1';
/** The SDK's own clock only as a backstop; CallPolicy times each attempt. */
const SDK_TIMEOUT_MS = 10 * 60_000;

type RequestBody = Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>;

function finishReason(reason: string | null | undefined): CompletionResult['finishReason'] {
  return reason === 'stop' ? 'stop' : reason === 'length' ? 'length' : 'other';
}

/**
 * OpenAI's Chat Completions API, and any server that speaks it (Ollama, vLLM, llama.cpp
 * server) when `baseUrl` is set. Such servers also get top_k, which api.openai.com refuses.
 */
export function createOpenAiProvider(config: RemoteProviderConfig): LlmProvider {
  const baseURL = config.baseUrl ?? OFFICIAL_BASE_URL;
  const compatible = new URL(baseURL).hostname !== 'api.openai.com';
  // Everything explicit: the SDK would otherwise read OPENAI_* variables from the server's
  // environment, and an organisation's calls must carry only its own key.
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: SDK_TIMEOUT_MS,
    ...(config.fetch && { fetch: config.fetch }),
  });
  const policy = new CallPolicy('openai', config);

  function body(req: CompletionRequest): RequestBody {
    return {
      model: req.model,
      messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
      ...openAiSampling(req, req.model, compatible),
      ...(req.jsonSchema && {
        response_format: {
          type: 'json_schema',
          // Not strict: strict mode refuses schemas without additionalProperties: false everywhere.
          json_schema: { name: req.jsonSchema.name, schema: req.jsonSchema.schema, strict: false },
        },
      }),
    };
  }

  return {
    kind: 'openai',

    async complete(req) {
      const startedAt = Date.now();
      const completion = await policy.run(req.signal, (signal) =>
        client.chat.completions.create(
          { ...body(req), stream: false } satisfies ChatCompletionCreateParamsNonStreaming,
          {
            signal,
          },
        ),
      );
      const choice = completion.choices[0];
      return buildResult(req, {
        provider: 'openai',
        model: completion.model,
        text: choice?.message.content ?? '',
        usage: completion.usage && {
          inputTokens: completion.usage.prompt_tokens,
          outputTokens: completion.usage.completion_tokens,
        },
        finishReason: finishReason(choice?.finish_reason),
        startedAt,
      });
    },

    async *stream(req): AsyncGenerator<StreamEvent> {
      const answer = new StreamedAnswer(req, 'openai', finishReason);
      const params: ChatCompletionCreateParamsStreaming = {
        ...body(req),
        stream: true,
        stream_options: { include_usage: true },
      };
      const chunks = policy.stream<ChatCompletionChunk>(req.signal, (signal) =>
        client.chat.completions.create(params, { signal }),
      );
      for await (const chunk of chunks) {
        answer.model ??= chunk.model;
        if (chunk.usage) {
          answer.usage = {
            inputTokens: chunk.usage.prompt_tokens,
            outputTokens: chunk.usage.completion_tokens,
          };
        }
        const choice = chunk.choices[0];
        if (choice?.finish_reason) answer.reason = choice.finish_reason;
        const delta = choice?.delta.content;
        if (delta) yield answer.delta(delta);
      }
      yield answer.done();
    },

    testConnection() {
      return checkConnection(policy, baseURL, (signal) =>
        modelIds(client.models.list({ signal }), (model) => model.id),
      );
    },
  };
}
