// The home module's face: other modules import only this file.
export { createHomeModule, type HomeNeeds } from './module.js';
export type { HomeService } from './service.js';
