export * from './analyze.js';
export * from './image.js';
export {
  DEFAULT_FPS,
  DEFAULT_MAX_SIDE,
  probeVideoInfo,
  readImage,
  sampleFrames,
  scaledSize,
} from './frames.js';
export type { SampleOptions, VideoInfo } from './frames.js';
export {
  DEFAULT_MAX_FACES,
  MIN_FACE_CONFIDENCE,
  CANDIDATE_CONFIDENCE,
  SECOND_PASS_BORDERS,
  detectRaw,
  getHuman,
} from './human.js';
export type { DetectOptions } from './human.js';
export * from './bias.js';
export * from './bias-run.js';
export * from './emotion-reliability.js';
export * from './lipsync.js';
export * from './lipsync-windows.js';
export { mouthOpening, eyeAspectRatio, pearson, VoiceEnergy } from './measures.js';
export * from './pose.js';
export * from './proctoring.js';
export * from './skin.js';
export * from './skin-track.js';
export * from './summary.js';
export * from './track.js';
export * from './truthfulness.js';
export type * from './types.js';
export * from './verify.js';
