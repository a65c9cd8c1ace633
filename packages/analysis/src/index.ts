export * from './decode.js';
export * from './vad.js';
export * from './wav.js';
export * from './pieces.js';
export * from './wer.js';
export * from './analytics.js';
export * from './pipeline.js';
export type * from './asr/types.js';
export { PocketsphinxEngine, parsePocketsphinx } from './asr/pocketsphinx.js';
