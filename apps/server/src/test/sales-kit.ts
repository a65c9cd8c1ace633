import { eq } from 'drizzle-orm';
import { runTextStep } from '@parley/analysis';
import type { MeetingStage } from '@parley/contracts';
import { createSalesRepo } from '../modules/sales/repo.js';
import { meetingInsights, meetingTranscripts, users } from '../platform/db/schema.js';
import { ctx, useSignedInApp } from './app-kit.js';
import { call, json } from './context.js';
import { grantBundle } from './plans-kit.js';
import { FIXTURE, insertMeeting, saveTranscript } from './transcripts-kit.js';

/**
 * Shared set-up of the sales API tests (modules/sales): the seeded people signed in, the rep
 * reporting to the manager, the outsider's organisation buying the sales features (so what it
 * is refused is about tenancy, not its plan); and analysed sales calls with the real
 * two-speaker transcript (transcripts-kit), once with the analytics as the fixture stores
 * them, once recomputed by the text step (which also finds questions).
 */

export { ctx, FIXTURE };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const RECOMPUTED = runTextStep({
  words: FIXTURE.words ?? [],
  turns: FIXTURE.turns ?? [],
  audioLengthSec: FIXTURE.audioLengthSec,
}) as unknown as Record<string, unknown>;

/** What the tests read of stored analytics. */
export type Stored = {
  talkTimePercent: Record<string, number>;
  longestMonologueSec: number;
  wordsPerMinute: Record<string, number>;
  interactivity: { switchesPerMinute: number };
  fillerWords: { speaker: string }[];
  questionsPerSpeaker?: Record<string, number>;
};

/** The app of a sales test file, and its helpers. */
export function useSalesApp() {
  const who = useSignedInApp(
    ['poc', 'manager', 'rep', 'member', 'outsider'],
    async ({ ctx, who }) => {
      await ctx.database.db
        .update(users)
        .set({ salesManagerId: who.manager.user.id })
        .where(eq(users.id, who.rep.user.id));
      await grantBundle(ctx, who.outsider.user.organizationId, 'Sales Suite');
    },
  );

  const send = async <T>(token: string, method: Method, path: string, payload?: unknown) => {
    const res = await call(ctx, method, path, { token, payload });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const ok = async <T>(token: string, method: Method, path: string, payload?: unknown) => {
    const res = await send<T>(token, method, path, payload);
    if (res.status >= 300)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  let seq = 0;
  /** A processed call owned by `ownerId` with the fixture transcript (or the recomputed one). */
  async function salesCall(
    ownerId: string,
    stage: MeetingStage,
    opts: {
      analytics?: 'stored' | 'recomputed';
      names?: Record<string, string>;
      orgId?: string;
    } = {},
  ) {
    const organizationId = opts.orgId ?? who.poc.user.organizationId;
    const id = await insertMeeting(ctx, organizationId, ownerId, `call ${++seq}`, {
      stage,
      additionalDetails: opts.names ?? {},
    });
    await saveTranscript(ctx, id, organizationId);
    if (opts.analytics === 'recomputed') {
      await ctx.database.db
        .update(meetingTranscripts)
        .set({ analytics: RECOMPUTED })
        .where(eq(meetingTranscripts.meetingId, id));
    }
    // What a finished analysis does: the rep's signals of the call are read for the views.
    await createSalesRepo(ctx.database.db).refreshCallSignals([id], new Date());
    return id;
  }

  /** A scored insight of the call, as the insights step stores it. */
  async function score(meetingId: string, promptName: string, value: number) {
    await ctx.database.db.insert(meetingInsights).values({
      meetingId,
      organizationId: who.poc.user.organizationId,
      promptName,
      group: 'meeting',
      result: { score: value, insights: [], tags: [] },
      citations: { score: [], items: [] },
      provider: 'local',
      model: 'test',
    });
  }

  return { who, send, ok, salesCall, score };
}
