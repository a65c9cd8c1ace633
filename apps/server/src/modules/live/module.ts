import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { availableParallelism } from 'node:os';
import {
  createSpeechScorer,
  engineKind,
  limitEngine,
  openPocketsphinxLive,
  selectEngine,
  type AsrEngine,
} from '@parley/analysis';
import type { MeetingStage } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import { createLivePhysiology } from './physiology.js';
import { createLivePhysiologyRepo } from './physiology-repo.js';
import { registerLiveInferenceRoutes } from './inference-routes.js';
import { createLiveRepo } from './repo.js';
import { registerLiveRoutes } from './routes.js';
import { LiveSessions } from './sessions.js';
import { namesFromLiveSpeech, type RecordedTurn } from './speaker-names.js';

export interface LiveNeeds {
  db: Db;
  broadcaster: MeetingBroadcaster;
  log: FastifyBaseLogger;
  now: () => Date;
  ai: AiProviderResolver | null;
  meetings: {
    visible(caller: Caller, id: string): Promise<{ organizationId: string }>;
    rowById(id: string): Promise<{ stage: MeetingStage } | null>;
  };
  /** Defaults to the engine the environment selects (selectEngine), as the offline pipeline. */
  engine?: AsrEngine;
  /** Engine windows at once across all live streams (default: the number of cores). */
  engineSlots?: number;
  analyticsEveryMs?: number;
  zaiEveryMs?: number;
}

/** The live transcript and analytics behind LiveAudioSink, and their routes. */
export function createLiveModule(deps: LiveNeeds) {
  const repo = createLiveRepo(deps.db);
  let engine: ReturnType<typeof limitEngine> | null = null;
  // Chosen on first use, so a server without a speech engine starts and fails only live calls.
  const shared = (): ReturnType<typeof limitEngine> =>
    (engine ??= limitEngine(
      deps.engine ?? selectEngine(),
      deps.engineSlots ?? availableParallelism(),
    ));
  const sessions = new LiveSessions({
    broadcaster: deps.broadcaster,
    repo,
    engine: { transcribe: (input, opts) => shared().transcribe(input, opts) },
    engineIdle: () => shared().idle(),
    // The built-in engine keeps one decoder per participant (its model loaded once, not per
    // window); another engine (or one a test passes in) gets each window on its own.
    ...(!deps.engine && engineKind() === 'pocketsphinx'
      ? { openDecoder: () => openPocketsphinxLive() }
      : {}),
    createScorer: createSpeechScorer,
    stageOf: async (meetingId) =>
      (await deps.meetings.rowById(meetingId))?.stage ?? 'basic_meeting',
    ai: deps.ai,
    now: deps.now,
    log: deps.log,
    ...(deps.analyticsEveryMs ? { analyticsEveryMs: deps.analyticsEveryMs } : {}),
    ...(deps.zaiEveryMs ? { zaiEveryMs: deps.zaiEveryMs } : {}),
  });
  const physiology = createLivePhysiology({
    repo: createLivePhysiologyRepo(deps.db),
    broadcaster: deps.broadcaster,
    visible: (caller, meetingId) => deps.meetings.visible(caller, meetingId),
    isLive: (meetingId) => sessions.isLive(meetingId),
    now: deps.now,
  });
  sessions.onClosed((meetingId) =>
    physiology
      .endMeeting(meetingId)
      .catch((err: unknown) =>
        deps.log.error({ err, meetingId }, 'live physiology not stopped at the end of the call'),
      ),
  );
  return {
    sessions,
    /** The recorded voices' names from who spoke in the live transcript; {} without one. */
    async speakerNamesFor(meetingId: string, turns: readonly RecordedTurn[]) {
      const finals = await repo.finals(meetingId);
      if (finals.length === 0) return {};
      // Live times count from the call's start, the recording's from when it began.
      const shift = sessions.recordingStartSec(meetingId);
      return namesFromLiveSpeech(
        turns,
        finals.map((f) => ({ ...f, startSec: f.startSec - shift, endSec: f.endSec - shift })),
      );
    },
    physiology,
    registerRoutes: (api: FastifyInstance) => {
      registerLiveInferenceRoutes(api, { physiology });
      registerLiveRoutes(api, {
        sessions,
        repo,
        assertVisible: (caller, meetingId) => deps.meetings.visible(caller, meetingId),
        now: deps.now,
      });
    },
  };
}
