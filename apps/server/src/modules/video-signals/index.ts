// The video-signals module's face: other modules import only this file.
import type { createVideoSignalsModule } from './module.js';

export { createVideoSignalsModule } from './module.js';
export type VideoSignalsNeeds = Parameters<typeof createVideoSignalsModule>[0];
export type { VideoStep } from './video-step.js';
export { physiologyJob } from './jobs.js';
