// The uploads module's face: other modules import only this file.
export { createUploadsModule, type UploadsNeeds } from './module.js';
export type { UploadsService } from './service.js';
