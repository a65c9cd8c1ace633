/**
 * The one interface every language-model provider implements (OpenAI and compatible servers,
 * Anthropic, Google, and the built-in `parley-local` engine). Callers never see an SDK type.
 */

export type ProviderKind = 'openai' | 'anthropic' | 'gemini' | 'local';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Workbench settings (spec 3 §3); each adapter maps the ones its provider supports. */
export interface GenerationSettings {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
}

/** One transcript turn, times in seconds from the start of the recording. */
export interface TranscriptLine {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

/** Measured conversation signals the local engine scores rubrics from (all optional). */
export interface ConversationSignals {
  durationSec?: number;
  /** Seconds of speech per speaker label. */
  talkTimeSec?: Record<string, number>;
  /** Words per minute per speaker label. */
  wordsPerMinute?: Record<string, number>;
  /** Filler words per speaker label. */
  fillerWords?: Record<string, number>;
  /** Mean sentiment -1..1 per speaker label. */
  sentiment?: Record<string, number>;
  questionsAsked?: Record<string, number>;
  longestMonologueSec?: Record<string, number>;
  /** Turns per minute across the meeting. */
  interactivity?: number;
  engagement?: number;
}

/**
 * What the answer rests on: a span of the recording. Every insight, score and answer
 * carries these so the UI can seek the video to the moment.
 */
export interface Citation {
  start: number;
  end: number;
  speaker?: string;
  quote?: string;
}

export interface CompletionRequest extends GenerationSettings {
  model: string;
  messages: ChatMessage[];
  /** Ask for JSON matching this schema (providers' structured-output modes). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /**
   * The material the messages were rendered from. Remote providers ignore it (it is already in
   * the messages); the local engine works from it, since it cannot read free text prompts.
   */
  grounding?: {
    transcript: TranscriptLine[];
    signals?: ConversationSignals;
    question?: string;
    /** The speaker label scores are about (the candidate); default: the one who talks most. */
    focusSpeaker?: string;
  };
  signal?: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface CompletionResult {
  text: string;
  /** Parsed JSON when `jsonSchema` was asked for. */
  json?: unknown;
  provider: ProviderKind;
  /** The model that answered, as the provider named it. */
  model: string;
  usage: TokenUsage;
  /** True when the provider reported no usage and the figures are estimated (~4 characters a token). */
  usageEstimated?: boolean;
  /** US dollars from the model catalogue's prices; null when the price is unknown. */
  costUsd: number | null;
  finishReason: 'stop' | 'length' | 'other';
  /** Set by the local engine (and by callers that parse cited timestamps from remote answers). */
  citations?: Citation[];
  /** Question mode: true when the transcript held nothing that answers the question. */
  noAnswer?: boolean;
  durationMs: number;
}

export type StreamEvent =
  { type: 'delta'; text: string } | { type: 'done'; result: CompletionResult };

export interface ConnectionCheck {
  ok: boolean;
  /** Models the key can use, when the provider lists them. */
  models: string[];
  message: string;
  /** No answer came (refused, unknown host, timed out, or refused by the injected fetch). */
  unreachable?: boolean;
}

export interface LlmProvider {
  readonly kind: ProviderKind;
  complete(req: CompletionRequest): Promise<CompletionResult>;
  /** Text arrives as deltas; the last event is `done` with the whole result and its usage. */
  stream(req: CompletionRequest): AsyncIterable<StreamEvent>;
  /** Checks the key and the base URL with the cheapest call the provider has. */
  testConnection(): Promise<ConnectionCheck>;
}

export interface RemoteProviderConfig {
  apiKey: string;
  /** Another server speaking the same protocol (Ollama, vLLM, llama.cpp, a test server). */
  baseUrl?: string;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  /** Retries on 429 and 5xx with exponential back-off; default 3. */
  maxRetries?: number;
  /** First back-off wait before jitter (doubles each retry, capped at 30 s); default 500 ms. */
  retryBaseDelayMs?: number;
  /**
   * How requests go out; the global fetch by default. The server passes one that refuses
   * internal addresses (this package knows nothing of that policy).
   */
  fetch?: typeof fetch;
}

export type ProviderConfig =
  | ({ kind: 'openai' } & RemoteProviderConfig)
  | ({ kind: 'anthropic' } & RemoteProviderConfig)
  | ({ kind: 'gemini' } & RemoteProviderConfig)
  | { kind: 'local' };
