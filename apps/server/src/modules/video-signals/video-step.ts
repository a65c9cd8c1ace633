import {
  LIP_SYNC_EVENT,
  isFeatureAvailable,
  videoEvent,
  type FeatureHolder,
  type FeatureName,
  type VideoEventKind,
} from '@parley/contracts';
import { probeVideoInfo, sharesFacePass, type FaceTemplate } from '@parley/analysis';
import type { StoredPhysiology } from '../../platform/db/schema.js';
import { reasonForUsers } from '../../platform/media/failures.js';
import { withLocalFile } from '../../platform/media/local-file.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingRow } from '../meetings/index.js';
import { lipSyncSummaryEvent, lipSyncWindowEvent } from './lip-sync-events.js';
import type { VideoSignalsRepo } from './repo.js';
import {
  VIDEO_ENGINE,
  VIDEO_MODELS,
  analyzePhysiology,
  analyzeVideoFaces,
  SkinTrace,
  compactFrames,
  summaryOf,
} from './signals.js';

/** The features whose signals the step computes; with none of them the step is skipped. */
export const VIDEO_FEATURES: readonly FeatureName[] = [
  'Head Pose',
  'Focus Analytics',
  'Facial Emotions',
  'Lip Sync',
  'Truthfullness',
  'Biometrics',
  'Proctoring',
  'Physiology Analytics',
];
const FACE_EVENTS: VideoEventKind[] = [
  'head pose',
  'eye gaze',
  'emotions',
  'age',
  'gender',
  'race',
  'lip sync',
  'deception',
];
const PHYSIOLOGY_EVENTS: VideoEventKind[] = ['physiological', 'SpO2'];

export interface VideoStepDeps {
  repo: VideoSignalsRepo;
  resolveStore: StoreResolver;
  broadcaster: MeetingBroadcaster;
  /** The organisation's features, as its owner sees them. */
  featureHolder(meeting: MeetingRow): Promise<FeatureHolder>;
  /**
   * Frames per second analysed for faces (VIDEO_FPS) and of physiology's skin trace
   * (PHYSIOLOGY_FPS). The face models run at `fps` in both; the skin regions are carried by
   * the face's motion between, and when physiologyFps is a multiple of fps one decode serves both.
   */
  fps: number;
  physiologyFps: number;
  /** Whether the meeting's organisation allows emotion inference (off: none is computed). */
  emotionInference(organizationId: string): Promise<boolean>;
  /** The meeting's registered candidate's face, for proctoring's face-mismatch alert. */
  candidateFace(meeting: MeetingRow): Promise<FaceTemplate | null>;
  now: () => Date;
  /** Where a failure's full detail goes; users read reasonForUsers' sentence. */
  log?: { warn(obj: object, msg: string): void };
}

export type VideoStepOutcome = 'done' | 'skipped';

/**
 * Small '<kind> data' payloads; the full results are read through the inference routes.
 * 'lip sync data' has its own shapes (lip-sync-events.ts).
 */
function dataPayload(kind: VideoEventKind, meetingId: string, summary: Record<string, unknown>) {
  if (kind === 'eye gaze') {
    // Every gaze point would pass PostgreSQL's 8000-byte NOTIFY limit on a longer meeting (a
    // worker elsewhere sends events that way): counts only; GET inference/eyegaze has the points.
    const gaze = summary.gaze as {
      max_x: number;
      max_y: number;
      points: unknown[];
      heatMap: unknown[];
    };
    return {
      meetingId,
      gaze: {
        max_x: gaze.max_x,
        max_y: gaze.max_y,
        points: gaze.points.length,
        heatMapPoints: gaze.heatMap.length,
      },
    };
  }
  const pick: Partial<Record<VideoEventKind, string>> = {
    'head pose': 'headPose',
    emotions: 'emotions',
  };
  const key = pick[kind];
  return { meetingId, ...(key ? { [key]: summary[key] } : {}) };
}

/**
 * The 'video' step (ARCHITECTURE §4 step 4-5) and the physiology job. Both are idempotent:
 * results are upserted by meeting, so a retried or repeated job only replaces them.
 */
export function createVideoStep(deps: VideoStepDeps) {
  const { repo, broadcaster, now } = deps;
  const emit = (
    meetingId: string,
    kinds: VideoEventKind[],
    what: 'started' | 'failed' | 'stopped',
    payload: object,
  ) => {
    for (const k of kinds)
      broadcaster.toMeeting(meetingId, videoEvent(k, what), { meetingId, ...payload });
  };

  async function withMedia<T>(meeting: MeetingRow, fn: (file: string) => Promise<T>): Promise<T> {
    if (!meeting.sourceKey) throw new Error('the meeting has no recording');
    const store = await deps.resolveStore(meeting.organizationId, meeting.storageProvider);
    if (!(await store.info(meeting.sourceKey)))
      throw new Error('the recording is no longer in storage');
    return withLocalFile(store, meeting.sourceKey, fn);
  }

  /** Physiology with its events: `compute` reads the skin trace, or has it already. */
  async function physiologyOf(
    meeting: MeetingRow,
    compute: () => Promise<StoredPhysiology>,
  ): Promise<StoredPhysiology> {
    emit(meeting.id, PHYSIOLOGY_EVENTS, 'started', {});
    try {
      const physiology = await compute();
      broadcaster.toMeeting(meeting.id, videoEvent('physiological', 'data'), {
        meetingId: meeting.id,
        persons: physiology.persons.map((p) => ({
          personId: p.personId,
          heartRate: p.result.heartRate,
        })),
      });
      emit(meeting.id, PHYSIOLOGY_EVENTS, 'stopped', {});
      return physiology;
    } catch (err) {
      emit(meeting.id, PHYSIOLOGY_EVENTS, 'failed', {
        reason: reasonForUsers(err),
      });
      throw err;
    }
  }

  /** Physiology in a pass of its own, the face models at the face pass's rate. */
  const physiologyPass = (
    meeting: MeetingRow,
    file: string,
    durationSec: number,
    progress: (f: number) => void,
    signal?: AbortSignal,
  ) =>
    physiologyOf(meeting, () =>
      analyzePhysiology(
        file,
        { fps: deps.physiologyFps, faceFps: deps.fps },
        durationSec,
        progress,
        signal,
      ),
    );

  return {
    async run(
      meeting: MeetingRow,
      runId: string,
      progress: (f: number) => void,
      /** The job's (JobRun.signal): the frame passes end once it is aborted. */
      signal?: AbortSignal,
    ): Promise<VideoStepOutcome> {
      const holder = await deps.featureHolder(meeting);
      const has = (f: FeatureName) => isFeatureAvailable(holder, f);
      if (!VIDEO_FEATURES.some(has)) return 'skipped';
      const withPhysiology = has('Physiology Analytics');
      return withMedia(meeting, async (file) => {
        const info = await probeVideoInfo(file);
        if (!info) {
          await repo.save(
            {
              meetingId: meeting.id,
              organizationId: meeting.organizationId,
              runId,
              hasVideo: false,
              engine: VIDEO_ENGINE,
              model: VIDEO_MODELS,
              frames: [],
              summary: null,
              physiology: null,
              physiologyState: 'idle',
              physiologyProgress: 0,
              physiologyError: null,
            },
            now(),
          );
          return 'skipped';
        }
        // One decode for faces and skin when the rates allow; otherwise a second pass, which
        // runs the face models as often as the first (they are most of the time): half each.
        const skin =
          withPhysiology && sharesFacePass(deps.fps, deps.physiologyFps)
            ? new SkinTrace(deps.physiologyFps)
            : undefined;
        const faceShare = withPhysiology && !skin ? 0.5 : 1;
        emit(meeting.id, FACE_EVENTS, 'started', {});
        let video;
        try {
          video = await analyzeVideoFaces(
            file,
            deps.fps,
            info.durationSec,
            {
              progress: (f) => progress(f * faceShare),
              // Live readings while the frames are read (spec 2 §4), only for plans with Lip Sync.
              lipSyncWindow: has('Lip Sync')
                ? (w) =>
                    broadcaster.toMeeting(
                      meeting.id,
                      LIP_SYNC_EVENT,
                      lipSyncWindowEvent(meeting.id, w),
                    )
                : undefined,
            },
            has('Proctoring') ? await deps.candidateFace(meeting) : null,
            await deps.emotionInference(meeting.organizationId),
            skin,
            signal,
          );
        } catch (err) {
          emit(meeting.id, FACE_EVENTS, 'failed', {
            reason: reasonForUsers(err),
          });
          throw err;
        }
        const summary = summaryOf(video);
        for (const k of FACE_EVENTS)
          broadcaster.toMeeting(
            meeting.id,
            videoEvent(k, 'data'),
            k === 'lip sync'
              ? lipSyncSummaryEvent(meeting.id, video.lipSync)
              : dataPayload(k, meeting.id, summary),
          );
        emit(meeting.id, FACE_EVENTS, 'stopped', {});
        const physiology = skin
          ? await physiologyOf(meeting, async () => skin.physiology())
          : withPhysiology
            ? await physiologyPass(
                meeting,
                file,
                info.durationSec,
                (f) => progress(faceShare + f * (1 - faceShare)),
                signal,
              )
            : null;
        await repo.save(
          {
            meetingId: meeting.id,
            organizationId: meeting.organizationId,
            runId,
            hasVideo: true,
            engine: VIDEO_ENGINE,
            model: VIDEO_MODELS,
            fps: deps.fps,
            summary,
            frames: compactFrames(video.frames),
            physiology,
            physiologyState: physiology ? 'done' : 'idle',
            physiologyProgress: physiology ? 100 : 0,
            physiologyError: null,
          },
          now(),
        );
        return 'done';
      });
    },

    /**
     * start-physiology's job: physiology alone, for a meeting whose video step has run. A
     * failure is thrown to the job (jobs.ts), which records it and decides on a retry.
     */
    async runPhysiology(
      meeting: MeetingRow,
      progress: (f: number) => void,
      signal?: AbortSignal,
    ): Promise<void> {
      await repo.patchPhysiology(
        meeting.id,
        { physiologyState: 'running', physiologyProgress: 0, physiologyError: null },
        now(),
      );
      const physiology = await withMedia(meeting, async (file) => {
        const info = await probeVideoInfo(file);
        if (!info) throw new Error('the recording has no video');
        return physiologyPass(meeting, file, info.durationSec, progress, signal);
      });
      await repo.patchPhysiology(
        meeting.id,
        { physiology, physiologyState: 'done', physiologyProgress: 100 },
        now(),
      );
    },
  };
}
export type VideoStep = ReturnType<typeof createVideoStep>;
