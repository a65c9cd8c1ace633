import {
  LIVE_INFERENCE_EVENTS as E,
  LIVE_INFERENCE_MESSAGES as M,
  LIVE_PHYSIOLOGY,
  type LivePhysiologyEstimate,
  type LivePhysiologyRun,
  type LiveSkinSample,
} from '@parley/contracts';
import { conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import { runView, type LivePhysiologyRepo } from './physiology-repo.js';
import { SkinWindow } from './physiology-window.js';

export interface LivePhysiologyDeps {
  repo: LivePhysiologyRepo;
  broadcaster: MeetingBroadcaster;
  /** The meeting's organisation; 404 unless the caller may see it. */
  visible: (caller: Caller, meetingId: string) => Promise<{ organizationId: string }>;
  isLive: (meetingId: string) => boolean;
  now: () => Date;
}

interface Capture {
  meetingId: string;
  userId: string;
  window: SkinWindow;
  sentAt: number;
  last: LivePhysiologyEstimate | null;
}

/**
 * Live physiology (issue 18 item 5): a participant's own browser sends the mean skin colour
 * of their face; the offline estimator runs over a sliding window and each estimate goes to
 * the meeting's room. The window lives in this process's memory (the samples of a capture
 * must reach the process that started it); the run and its summary are in the database.
 */
export function createLivePhysiology(deps: LivePhysiologyDeps) {
  const { repo, broadcaster, now } = deps;
  const captures = new Map<string, Capture>();

  async function finish(
    inferenceId: string,
    state: 'done' | 'failed',
  ): Promise<LivePhysiologyRun | null> {
    const capture = captures.get(inferenceId);
    captures.delete(inferenceId);
    const summary = capture
      ? capture.window.estimate({ meetingId: capture.meetingId, inferenceId }, now())
      : null;
    const row = await repo.finish(
      inferenceId,
      { state, samples: capture?.window.total ?? 0, summary },
      now(),
    );
    if (!row) return null;
    const run = runView(row);
    broadcaster.toMeeting(row.meetingId, E.physiologyStopped, run);
    return run;
  }

  return {
    async start(caller: Caller, meetingId: string): Promise<LivePhysiologyRun> {
      const meeting = await deps.visible(caller, meetingId);
      if (!deps.isLive(meetingId)) throw conflict(M.notLive);
      // A capture of the same person left running (a reloaded page) ends before a new one.
      for (const r of await repo.running(meetingId))
        if (r.userId === caller.userId) await finish(r.id, 'done');
      const row = await repo.insert({
        organizationId: meeting.organizationId,
        meetingId,
        userId: caller.userId,
        subjectName: await repo.nameOf(caller.userId),
        startedAt: now(),
      });
      captures.set(row.id, {
        meetingId,
        userId: caller.userId,
        window: new SkinWindow(),
        sentAt: 0,
        last: null,
      });
      const run = runView(row);
      broadcaster.toMeeting(meetingId, E.physiologyStarted, run);
      return run;
    },

    /** Only the person who started a capture feeds it; anyone else's call is 404. */
    samples(
      caller: Caller,
      inferenceId: string,
      batch: readonly LiveSkinSample[],
    ): { accepted: number; estimate: LivePhysiologyEstimate | null } {
      const c = captures.get(inferenceId);
      if (!c || c.userId !== caller.userId) throw notFound(M.notRunning);
      const accepted = c.window.add(batch);
      const at = now();
      if (at.getTime() - c.sentAt >= LIVE_PHYSIOLOGY.everyMs) {
        c.sentAt = at.getTime();
        c.last = c.window.estimate({ meetingId: c.meetingId, inferenceId }, at);
        broadcaster.toMeeting(c.meetingId, E.physiologyData, c.last);
      }
      return { accepted, estimate: c.last };
    },

    async stop(caller: Caller, inferenceId: string): Promise<LivePhysiologyRun> {
      const row = await repo.byId(caller.organizationId, inferenceId);
      if (!row) throw notFound();
      await deps.visible(caller, row.meetingId);
      if (row.state !== 'running') throw conflict(M.notRunning);
      const run = await finish(inferenceId, 'done');
      if (!run) throw conflict(M.notRunning);
      return run;
    },

    async list(caller: Caller, meetingId: string) {
      await deps.visible(caller, meetingId);
      return { meetingId, runs: (await repo.ofMeeting(meetingId)).map(runView) };
    },

    /** The call ended: its captures stop with what they had. */
    async endMeeting(meetingId: string): Promise<void> {
      for (const r of await repo.running(meetingId)) await finish(r.id, 'done');
    },
  };
}
export type LivePhysiology = ReturnType<typeof createLivePhysiology>;
