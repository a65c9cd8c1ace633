// The highlights module's face: other modules import only this file.
export { createHighlightsModule, type HighlightsNeeds } from './module.js';
export type { HighlightsService } from './service.js';
