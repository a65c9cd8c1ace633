import {
  GoogleGenAI,
  type Content,
  type GenerateContentConfig,
  type GenerateContentResponse,
  type Schema,
} from '@google/genai';
import { CallPolicy } from './call-policy.js';
import { checkConnection, modelIds } from './connection-check.js';
import { withFetch } from './scoped-fetch.js';
import { buildResult, StreamedAnswer } from './result.js';
import { geminiSampling, isGemma } from './settings.js';
import type {
  ChatMessage,
  CompletionRequest,
  CompletionResult,
  LlmProvider,
  RemoteProviderConfig,
  StreamEvent,
  TokenUsage,
} from './types.js';

const OFFICIAL_BASE_URL = 'https://generativelanguage.googleapis.com';

function finishReason(reason: string | null | undefined): CompletionResult['finishReason'] {
  return reason === 'STOP' ? 'stop' : reason === 'MAX_TOKENS' ? 'length' : 'other';
}

/** Thinking tokens are billed as output. */
function usageOf(response: GenerateContentResponse): TokenUsage | undefined {
  const u = response.usageMetadata;
  if (!u || u.promptTokenCount === undefined) return undefined;
  return {
    inputTokens: u.promptTokenCount,
    outputTokens: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0),
  };
}

/** The answer's text parts; thought summaries are not part of the answer. */
function textOf(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts.map((p) => (p.thought ? '' : (p.text ?? ''))).join('');
}

/**
 * Gemini has roles user and model, and the system prompt apart. Gemma models on the Gemini
 * API refuse a system instruction, so for them it is put at the start of the first user turn.
 */
export function toGeminiContents(
  messages: ChatMessage[],
  model: string,
): { contents: Content[]; system?: string } {
  const systemText = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const contents: Content[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const role = m.role === 'assistant' ? 'model' : 'user';
    const last = contents.at(-1);
    if (last?.role === role && last.parts?.[0])
      last.parts[0].text = `${last.parts[0].text ?? ''}\n\n${m.content}`;
    else contents.push({ role, parts: [{ text: m.content }] });
  }
  if (!systemText) return { contents };
  if (!isGemma(model) && contents.length > 0) return { contents, system: systemText };
  const first = contents[0];
  if (first?.role === 'user' && first.parts?.[0])
    first.parts[0].text = `${systemText}\n\n${first.parts[0].text ?? ''}`;
  else contents.unshift({ role: 'user', parts: [{ text: systemText }] });
  return { contents };
}

/**
 * JSON output: gemini-1.5 models take `responseSchema` (the SDK turns the JSON Schema into
 * Google's OpenAPI subset); later models take the JSON Schema itself as `responseJsonSchema`.
 * Gemma has no JSON mode, so it is asked in words and the answer parsed all the same.
 */
function jsonConfig(req: CompletionRequest): {
  config: GenerateContentConfig;
  instruction?: string;
} {
  if (!req.jsonSchema) return { config: {} };
  const schema = req.jsonSchema.schema;
  if (isGemma(req.model)) {
    return {
      config: {},
      instruction: `Answer with JSON only, no other text, matching this JSON Schema:\n${JSON.stringify(schema)}`,
    };
  }
  if (/(^|\/)gemini-1\./.test(req.model)) {
    // A $schema key would make the SDK send it as responseJsonSchema, which 1.5 refuses.
    const { $schema: _ignored, ...openApiLike } = schema;
    return {
      config: { responseMimeType: 'application/json', responseSchema: openApiLike as Schema },
    };
  }
  return { config: { responseMimeType: 'application/json', responseJsonSchema: schema } };
}

export function createGeminiProvider(config: RemoteProviderConfig): LlmProvider {
  const baseUrl = config.baseUrl ?? OFFICIAL_BASE_URL;
  // No retryOptions: the SDK then makes exactly one fetch per call and CallPolicy retries.
  // vertexai false: GOOGLE_GENAI_USE_VERTEXAI in the environment must not reroute the calls.
  const client = new GoogleGenAI({
    apiKey: config.apiKey,
    vertexai: false,
    httpOptions: { baseUrl },
  });
  const policy = new CallPolicy('gemini', config);

  function params(req: CompletionRequest, signal: AbortSignal) {
    const json = jsonConfig(req);
    const messages: ChatMessage[] = json.instruction
      ? [...req.messages, { role: 'user', content: json.instruction }]
      : req.messages;
    const { contents, system } = toGeminiContents(messages, req.model);
    const generation: GenerateContentConfig = {
      ...geminiSampling(req, req.model),
      ...json.config,
      ...(system && { systemInstruction: system }),
      abortSignal: signal,
    };
    return { model: req.model, contents, config: generation };
  }

  return {
    kind: 'gemini',

    async complete(req) {
      const startedAt = Date.now();
      const response = await policy.run(req.signal, (signal) =>
        withFetch(config.fetch, () => client.models.generateContent(params(req, signal))),
      );
      return buildResult(req, {
        provider: 'gemini',
        model: response.modelVersion,
        text: textOf(response),
        usage: usageOf(response),
        finishReason: finishReason(response.candidates?.[0]?.finishReason),
        startedAt,
      });
    },

    async *stream(req): AsyncGenerator<StreamEvent> {
      const answer = new StreamedAnswer(req, 'gemini', finishReason);
      const chunks = policy.stream<GenerateContentResponse>(req.signal, (signal) =>
        withFetch(config.fetch, () => client.models.generateContentStream(params(req, signal))),
      );
      for await (const chunk of chunks) {
        answer.model ??= chunk.modelVersion;
        // Every chunk repeats the running usage; the last one is the total.
        answer.usage = usageOf(chunk) ?? answer.usage;
        answer.reason = chunk.candidates?.[0]?.finishReason ?? answer.reason;
        const delta = textOf(chunk);
        if (delta) yield answer.delta(delta);
      }
      yield answer.done();
    },

    testConnection() {
      return checkConnection(policy, baseUrl, (signal) =>
        withFetch(config.fetch, async () =>
          modelIds(await client.models.list({ config: { abortSignal: signal } }), (model) =>
            model.name?.replace(/^models\//, ''),
          ),
        ),
      );
    },
  };
}
