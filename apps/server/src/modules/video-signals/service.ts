import { VIDEO_SIGNALS_MESSAGES as M, type PhysiologyStatus } from '@parley/contracts';
import { TRUTHFULNESS_NOTE } from '@parley/analysis';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { physiologyJob } from './jobs.js';
import type { VideoSignalsRepo } from './repo.js';
import * as view from './views.js';
import type { Caller } from '../../platform/http/caller.js';

export interface VideoSignalsDeps {
  repo: VideoSignalsRepo;
  meetings: MeetingsService;
  queue: JobQueue;
  /** The organisation's current emotion-inference switch: off hides stored emotions too. */
  emotionInference(organizationId: string): Promise<boolean>;
}

/**
 * The face and physiology signals of a meeting. Reading follows the meeting's visibility
 * (404 for anyone else, other organisations included); the feature gate is the route's.
 */
export function createVideoSignalsService(deps: VideoSignalsDeps) {
  const { repo, meetings } = deps;

  async function signals(caller: Caller, meetingId: string): Promise<view.Signals> {
    const meeting = await meetings.visible(caller, meetingId);
    const [row, emotionsAllowed] = await Promise.all([
      repo.byMeeting(meeting.organizationId, meeting.id),
      deps.emotionInference(meeting.organizationId),
    ]);
    return view.signalsOf(meeting.id, row, emotionsAllowed);
  }
  const read =
    <T>(fn: (s: view.Signals) => T) =>
    async (caller: Caller, meetingId: string): Promise<T> =>
      fn(await signals(caller, meetingId));

  async function physiologyStatus(caller: Caller, meetingId: string): Promise<PhysiologyStatus> {
    const { row } = await signals(caller, meetingId);
    return {
      meetingId,
      physiologyStatus: (row?.physiologyState ?? 'idle') as PhysiologyStatus['physiologyStatus'],
      progress: row?.physiologyProgress ?? 0,
      error: row?.physiologyError ?? null,
    };
  }

  return {
    headpose: read(view.headPoseOf),
    eyegaze: read(view.eyeGazeOf),
    emotions: read(view.emotionsOf),
    lipsync: read(view.lipSyncOf),
    truthfulness: read((s) => view.truthfulnessOf(s, TRUTHFULNESS_NOTE)),
    age: read(view.ageOf),
    gender: read(view.genderOf),
    race: read(view.raceOf),
    proctoring: read(view.proctoringOf),
    biometricsData: read(view.biometricsDataOf),
    physiological: read(view.physiologicalOf),
    spo2: read(view.spo2Of),
    physiologyStatus,

    /** Queues physiology alone for a meeting whose video step has stored its faces. */
    async startPhysiology(auth: Caller, meetingId: string): Promise<PhysiologyStatus> {
      const meeting = await meetings.visible(auth, meetingId);
      if (!meetings.canManage(auth, meeting)) throw forbidden();
      const row = await repo.byMeeting(meeting.organizationId, meeting.id);
      if (!row) throw badRequest(M.physiologyNotReady);
      if (!row.hasVideo) throw badRequest(M.audioOnly);
      if (row.physiologyState === 'running') throw conflict(M.physiologyRunning);
      await repo.patchPhysiology(
        meeting.id,
        { physiologyState: 'running', physiologyProgress: 0, physiologyError: null },
        new Date(),
      );
      await deps.queue.send(
        physiologyJob,
        { meetingId: meeting.id },
        { durationSec: meeting.durationSec },
      );
      return { meetingId: meeting.id, physiologyStatus: 'running', progress: 0, error: null };
    },
  };
}
export type VideoSignalsService = ReturnType<typeof createVideoSignalsService>;
