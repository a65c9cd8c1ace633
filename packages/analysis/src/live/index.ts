export { LiveTranscriber } from './transcriber.js';
export type { LiveTranscriberOptions, LiveUtterance } from './transcriber.js';
export { limitEngine } from './limit.js';
