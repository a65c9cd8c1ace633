// The live module's face: other modules import only this file.
export type { LiveAudioSink, LiveSpeaker } from './audio-sink.js';
