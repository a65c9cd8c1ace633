// The analysis module's face: other modules import only this file.
export { createAnalysisModule, type AnalysisNeeds, type PipelineSteps } from './module.js';
export type { AnalysisService } from './service.js';
export { analysisStepJobs } from './jobs.js';
