export * from './features.js';
export * from './diarize.js';
