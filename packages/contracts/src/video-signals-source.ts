import { z } from 'zod';

/** What every inference answer says about the video it comes from (see inference.ts). */
export const videoSourceSchema = z.object({
  /** ready: analysed; audio_only: nothing to see; not_analysed: the step has not run (yet). */
  state: z.enum(['ready', 'audio_only', 'not_analysed']),
  fps: z.number().nullable(),
  durationSec: z.number().nullable(),
  framesAnalysed: z.number(),
  framesWithFaces: z.number(),
});
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const inferenceEnvelope = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ meetingId: z.string(), video: videoSourceSchema, ...shape });
