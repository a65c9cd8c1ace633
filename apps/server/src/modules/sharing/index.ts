// The sharing module's face: other modules import only this file.
export { createSharingModule, type SharingNeeds } from './module.js';
export type { SharingService } from './service.js';
