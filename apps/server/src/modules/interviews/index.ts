// The interviews module's face: other modules import only this file.
export { createInterviewsModule, type InterviewsNeeds } from './module.js';
export type { InterviewsService, InterviewOf } from './service.js';
export { toJob } from './service.js';
