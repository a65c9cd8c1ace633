import {
  ANALYSIS_STEPS,
  QUEUES,
  analysisJobSchema,
  type AnalysisJob,
  type AnalysisStep,
} from '@parley/contracts';
import {
  defineDeadLetter,
  defineJob,
  retryOverRecording,
  type JobDefinition,
} from '../../platform/queue/index.js';

/** Receives every step job whose retries ran out; its handler fails the step and the meeting. */
export const analysisDeadLetter = defineDeadLetter({
  queue: QUEUES.deadLetter,
  schema: analysisJobSchema,
});

/** A step's job: one per run and step, retried like every job over a recording. */
const stepJob = (step: AnalysisStep) =>
  defineJob({
    queue: QUEUES[step],
    schema: analysisJobSchema.refine((job) => job.step === step, `not a '${step}' job`),
    retry: retryOverRecording,
    deadLetter: analysisDeadLetter,
    singletonKey: (job) => `${job.runId}:${job.step}`,
  });

/** The pipeline's jobs (ARCHITECTURE §4), one queue per step. */
export const analysisStepJobs = Object.fromEntries(
  ANALYSIS_STEPS.map((step) => [step, stepJob(step)]),
) as Record<AnalysisStep, JobDefinition<AnalysisJob>>;
