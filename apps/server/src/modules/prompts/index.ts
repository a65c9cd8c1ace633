// The prompts module's face: other modules import only this file.
export { createPromptsModule, type PromptsNeeds } from './module.js';
export type { PromptsService } from './service.js';
