export * from './decode.js';
export * from './vad.js';
export * from './wav.js';
export * from './pieces.js';
export * from './wer.js';
export * from './analytics.js';
export * from './conversation.js';
export * from './questions.js';
export * from './der.js';
export * from './diarize/index.js';
export * from './pipeline.js';
export type * from './asr/types.js';
export { PocketsphinxEngine, parsePocketsphinx } from './asr/pocketsphinx.js';
export { openPocketsphinxStream } from './asr/pocketsphinx-stream.js';
export { openPocketsphinxLive } from './asr/pocketsphinx-live.js';
export type { LiveWindowDecoder, PocketsphinxLiveOptions } from './asr/pocketsphinx-live.js';
export type {
  MediaTranscriptStream,
  PocketsphinxStreamOptions,
} from './asr/pocketsphinx-stream.js';
export { OpenAiCompatibleEngine, parseVerboseJson } from './asr/openai-compatible.js';
export type { OpenAiCompatibleOptions } from './asr/openai-compatible.js';
export { WhisperEngine } from './asr/whisper.js';
export { engineKind, selectEngine, isEngineKind, ENGINE_KINDS } from './asr/select.js';
export type { EngineKind } from './asr/select.js';
export * from './face/index.js';
export * from './physiology/index.js';
export * from './voiceprint/index.js';
export * from './models/index.js';
export * from './pii.js';
export * from './media-notice.js';
export * from './live/index.js';
