// The talent-pool module's face: other modules import only this file.
export { createTalentPoolModule, type TalentPoolModule, type TalentPoolNeeds } from './module.js';
export type { TalentPoolService } from './service.js';
export type { TalentCatalogService } from './catalog-service.js';
export { QUESTION_BANK } from './question-bank.js';
export { builtInQuestions } from './questions.js';
