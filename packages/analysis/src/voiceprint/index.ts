export * from './voiceprint.js';
export * from './embedding.js';
