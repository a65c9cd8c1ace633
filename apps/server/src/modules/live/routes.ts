import type { FastifyInstance } from 'fastify';
import { liveRoutes, type LiveSegment } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { Caller } from '../../platform/http/caller.js';
import { computeLiveAnalytics, topTerms, type FinalSegment } from './analytics.js';
import type { LiveRepo } from './repo.js';
import type { LiveSessions } from './sessions.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LiveRouteDeps {
  sessions: LiveSessions;
  repo: LiveRepo;
  /** 404 unless the caller may see the meeting. */
  assertVisible: (caller: Caller, meetingId: string) => Promise<unknown>;
  now: () => Date;
}

const asSegment = (f: FinalSegment): LiveSegment => ({
  id: f.segmentId,
  name: f.speakerName,
  content: f.content,
  timeStamps: { start: f.startSec, end: f.endSec },
  isFinal: true,
  words: f.words,
});

export function registerLiveRoutes(app: FastifyInstance, d: LiveRouteDeps): void {
  registerRoute(app, liveRoutes.transcript, async ({ auth, params }) => {
    await d.assertVisible(auth, params.meetingId);
    const finals = await d.repo.finals(params.meetingId);
    return {
      meetingId: params.meetingId,
      live: d.sessions.isLive(params.meetingId),
      segments: [...finals.map(asSegment), ...d.sessions.interims(params.meetingId)],
    };
  });

  registerRoute(app, liveRoutes.status, async ({ params }) => {
    const { meetingId } = params;
    if (!UUID.test(meetingId)) return d.sessions.status(meetingId, 0);
    return d.sessions.status(meetingId, await d.repo.countFinals(meetingId));
  });

  registerRoute(app, liveRoutes.tag, async ({ auth, params }) => {
    const { meetingId } = params;
    await d.assertVisible(auth, meetingId);
    const finals = await d.repo.finals(meetingId);
    const latest = d.sessions.latest(meetingId);
    return {
      meetingId,
      tags: topTerms(finals),
      // Another process's call, or one from before a restart: the cards from its finals.
      analytics:
        latest.analytics ??
        (finals.length ? computeLiveAnalytics(meetingId, finals, d.now()) : null),
      zai: latest.zai,
    };
  });
}
