export type * from './types.js';
export * from './models.js';
// Built-in engine and prompt running (packages/ai/src/local, packages/ai/src/prompt).
export { createLocalEngine } from './local/engine.js';
export { LOCAL_ENGINE_NOTE, LOCAL_SOURCE, withoutEngineNote } from './local/output.js';
export { taskOfQuestion } from './local/tasks.js';
export { estimateTokens, formatTimestamp, renderLine, renderTranscript } from './prompt/render.js';
export { chunkTranscript } from './prompt/chunk.js';
export { parseCitations } from './prompt/citations.js';
export { rankLines, type RankedLine } from './prompt/rank.js';
export {
  DEFAULT_OUTPUT_TOKENS,
  runPrompt,
  transcriptBudget,
  type RunPromptOptions,
  type RunPromptResult,
} from './prompt/run.js';
export { NO_ANSWER } from './local/answer.js';
// Text helpers of the built-in engine, for server drafters that work from a transcript.
export { isStopWord, splitSentences, stem, terms } from './prompt/text.js';
export { parseJson } from './prompt/merge.js';
export { centrality, tfidfVectors } from './local/summary.js';
export { isQuestionSentence } from './local/topics.js';
export { FILLER_WORDS } from './local/lexicon.js';
export type { Sentence } from './local/sentences.js';
// Remote providers (OpenAI and compatible servers, Anthropic, Google) and the factory.
export {
  AiError,
  isAiError,
  toAiError,
  type AiErrorKind,
  type RemoteProviderKind,
} from './errors.js';
export {
  MODEL_CATALOG,
  DEFAULT_CONTEXT_TOKENS,
  modelInfo,
  costOf,
  contextTokensOf,
  type ModelInfo,
} from './catalog.js';
export { DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RETRIES } from './call-policy.js';
export { openAiSampling, anthropicSampling, geminiSampling } from './settings.js';
export { createOpenAiProvider } from './openai.js';
export { createAnthropicProvider } from './anthropic.js';
export { createGeminiProvider } from './gemini.js';
export { createProvider } from './factory.js';
