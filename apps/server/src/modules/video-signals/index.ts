// The video-signals module's face: other modules import only this file.
export { createVideoSignalsModule, type VideoSignalsNeeds } from './module.js';
export type { VideoStep } from './video-step.js';
export { physiologyJob } from './jobs.js';
