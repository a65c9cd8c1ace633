import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BotProvider, BotState } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { botWebhookEvents, meetingBots } from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';

export type MeetingBotRow = typeof meetingBots.$inferSelect;

export function createBotsRepo(db: Db) {
  const one = async (rows: Promise<MeetingBotRow[]>) => (await rows)[0] ?? null;
  return {
    insert(values: typeof meetingBots.$inferInsert): Promise<MeetingBotRow> {
      return one(db.insert(meetingBots).values(values).returning()) as Promise<MeetingBotRow>;
    },

    byId(id: string): Promise<MeetingBotRow | null> {
      if (!isUuid(id)) return Promise.resolve(null);
      return one(db.select().from(meetingBots).where(eq(meetingBots.id, id)));
    },

    byExternal(provider: BotProvider, externalId: string): Promise<MeetingBotRow | null> {
      return one(
        db
          .select()
          .from(meetingBots)
          .where(and(eq(meetingBots.provider, provider), eq(meetingBots.externalId, externalId))),
      );
    },

    /** The newest bot of each meeting given (an organisation's). */
    async latestOf(organizationId: string, meetingIds: string[]): Promise<MeetingBotRow[]> {
      const ids = meetingIds.filter(isUuid);
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(meetingBots)
        .where(
          and(eq(meetingBots.organizationId, organizationId), inArray(meetingBots.meetingId, ids)),
        )
        .orderBy(desc(meetingBots.createdAt));
      const seen = new Set<string>();
      return rows.filter((r) => !seen.has(r.meetingId) && seen.add(r.meetingId));
    },

    setExternalId(id: string, externalId: string, now: Date): Promise<MeetingBotRow | null> {
      return one(
        db
          .update(meetingBots)
          .set({ externalId, updatedAt: now })
          .where(eq(meetingBots.id, id))
          .returning(),
      );
    },

    /**
     * The new state with its reason, appended to the history in the same statement; the
     * first 'recording' also marks when the recording began (where a consent cut is counted).
     */
    setState(
      id: string,
      state: BotState,
      reason: string | null,
      now: Date,
    ): Promise<MeetingBotRow | null> {
      const change = JSON.stringify([{ state, reason, at: now.toISOString() }]);
      return one(
        db
          .update(meetingBots)
          .set({
            state,
            reason,
            history: sql`${meetingBots.history} || ${change}::jsonb`,
            recordingStartedAt:
              state === 'recording'
                ? sql`coalesce(${meetingBots.recordingStartedAt}, ${now.toISOString()}::timestamptz)`
                : meetingBots.recordingStartedAt,
            updatedAt: now,
          })
          .where(eq(meetingBots.id, id))
          .returning(),
      );
    },

    /** Withdrawing consent keeps its first moment: a second request moves nothing. */
    setConsent(id: string, allowRecording: boolean, now: Date): Promise<MeetingBotRow | null> {
      return one(
        db
          .update(meetingBots)
          .set({
            allowRecording,
            recordingStoppedAt: allowRecording
              ? meetingBots.recordingStoppedAt
              : sql`coalesce(${meetingBots.recordingStoppedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(eq(meetingBots.id, id))
          .returning(),
      );
    },

    setLogin(id: string, sealed: string, now: Date): Promise<MeetingBotRow | null> {
      return one(
        db
          .update(meetingBots)
          .set({ login: sealed, updatedAt: now })
          .where(eq(meetingBots.id, id))
          .returning(),
      );
    },

    /** Marks the bot's recording imported: true for the one caller that marks it. */
    async claimImport(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(meetingBots)
        .set({ recordingImportedAt: now, updatedAt: now })
        .where(and(eq(meetingBots.id, id), isNull(meetingBots.recordingImportedAt)))
        .returning({ id: meetingBots.id });
      return rows.length === 1;
    },

    /** Records a webhook delivery; false when it was already applied (a replay). */
    async firstDelivery(provider: BotProvider, eventId: string): Promise<boolean> {
      const rows = await db
        .insert(botWebhookEvents)
        .values({ provider, eventId })
        .onConflictDoNothing()
        .returning({ eventId: botWebhookEvents.eventId });
      return rows.length === 1;
    },

    async forgetDelivery(provider: BotProvider, eventId: string): Promise<void> {
      await db
        .delete(botWebhookEvents)
        .where(and(eq(botWebhookEvents.provider, provider), eq(botWebhookEvents.eventId, eventId)));
    },
  };
}
export type BotsRepo = ReturnType<typeof createBotsRepo>;
