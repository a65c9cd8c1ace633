// The samples module's face: other modules import only this file.
export { createSamplesModule, SAMPLES_DIR } from './module.js';
export { MEETING_SAMPLES, TRAINING_SAMPLES, type SamplesService } from './service.js';
