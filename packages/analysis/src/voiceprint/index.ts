export * from './voiceprint.js';
