// The search module's face: other modules import only this file.
export { createSearchModule, type SearchModule, type SearchNeeds } from './module.js';
export type { SearchService } from './service.js';
export type { SearchFilters } from './repo.js';
