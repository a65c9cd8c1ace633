// The scorecards module's face: other modules import only this file.
export { createScorecardsModule, type ScorecardsNeeds } from './module.js';
export type { ScorecardsService, InterviewFacts } from './service.js';
