// The biometrics module's face: other modules import only this file.
import type { createBiometricsModule } from './module.js';

export { createBiometricsModule } from './module.js';
export type BiometricsNeeds = Parameters<typeof createBiometricsModule>[0];
export type { BiometricsService } from './service.js';
export { verificationJob } from './jobs.js';
