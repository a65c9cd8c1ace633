import { QUEUES, physiologyJobSchema } from '@parley/contracts';
import { permanentMediaReason, reasonForUsers } from '../../platform/media/failures.js';
import {
  defineDeadLetter,
  defineJob,
  retryOverRecording,
  type JobQueue,
} from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import type { VideoSignalsRepo } from './repo.js';
import type { VideoStep } from './video-step.js';

/**
 * start-physiology's job: physiology alone, retried like every job over a recording. Its dead
 * letter's handler records the failure once no retry is left.
 */
export const physiologyJob = defineJob({
  queue: QUEUES.physiology,
  schema: physiologyJobSchema,
  retry: retryOverRecording,
  deadLetter: defineDeadLetter({ queue: QUEUES.physiologyDeadLetter, schema: physiologyJobSchema }),
  singletonKey: (job) => job.meetingId,
});

export interface PhysiologyWorkerDeps {
  queue: JobQueue;
  repo: Pick<VideoSignalsRepo, 'byMeeting' | 'patchPhysiology'>;
  meetings: Pick<MeetingsService, 'rowById'>;
  step: Pick<VideoStep, 'runPhysiology'>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Runs start-physiology's jobs, the same lifecycle as the analysis steps: a failed attempt
 * stays 'running' with its error while the retry waits; a recording no retry can fix fails at
 * once; once no retry is left the dead-letter handler marks it 'failed' with the reason.
 * Progress is written at most once a second.
 */
export async function registerPhysiologyWorker(deps: PhysiologyWorkerDeps): Promise<void> {
  const { queue, repo, now, log } = deps;
  await queue.work(physiologyJob, async ({ meetingId }, ctx) => {
    const meeting = await deps.meetings.rowById(meetingId);
    if (!meeting) return;
    let written = 0;
    try {
      await deps.step.runPhysiology(
        meeting,
        (fraction) => {
          if (Date.now() - written < 1000) return;
          written = Date.now();
          const progress = Math.round(fraction * 100);
          repo
            .patchPhysiology(meeting.id, { physiologyProgress: progress }, now())
            .catch((err: unknown) => log.warn({ err }, 'physiology progress not recorded'));
        },
        ctx.signal,
      );
    } catch (err) {
      const permanent = permanentMediaReason(err);
      const last = ctx.attempt >= ctx.attempts;
      log.warn({ err, meetingId, attempt: ctx.attempt, last }, 'physiology failed');
      if (permanent !== null) {
        await repo.patchPhysiology(
          meetingId,
          { physiologyState: 'failed', physiologyError: permanent },
          now(),
        );
        return;
      }
      await repo.patchPhysiology(meetingId, { physiologyError: reasonForUsers(err) }, now());
      throw err;
    }
  });

  await queue.work(physiologyJob.deadLetter, async ({ meetingId }, ctx) => {
    const meeting = await deps.meetings.rowById(meetingId);
    if (!meeting) return;
    const row = await repo.byMeeting(meeting.organizationId, meetingId);
    // Only physiology still waiting: a permanent failure has recorded its own end.
    if (row?.physiologyState !== 'running') return;
    const reason = ctx.reason ?? row.physiologyError ?? 'physiology kept failing';
    log.warn({ meetingId, reason }, 'physiology dead-lettered');
    await repo.patchPhysiology(
      meetingId,
      { physiologyState: 'failed', physiologyError: reason },
      now(),
    );
  });
}
