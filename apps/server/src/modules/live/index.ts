// The live module's face: other modules import only this file.
export { createLiveModule, type LiveNeeds } from './module.js';
export type { LiveSessions } from './sessions.js';
export type { LiveAudioSink, LiveSpeaker } from './audio-sink.js';
