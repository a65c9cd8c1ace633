// The zai module's face: other modules import only this file.
export { createZaiModule, type ZaiNeeds } from './module.js';
export type { ZaiService } from './service.js';
