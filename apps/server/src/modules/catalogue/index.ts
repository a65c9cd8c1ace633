// The catalogue module's face: other modules import only this file.
export { createCatalogueModule } from './module.js';
export type { CatalogueService } from './service.js';
