// The coaching module's face: other modules import only this file.
export { createCoachingModule, type CoachingNeeds } from './module.js';
export type { CoachingService } from './service.js';
export type { QuizService } from './quiz-service.js';
export type { ProgressService } from './progress-service.js';
