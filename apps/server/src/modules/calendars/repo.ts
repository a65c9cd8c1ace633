import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AutoJoinRule, CalendarProvider } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/values.js';
import {
  calendarConnections,
  calendarEvents,
  calendarPreferences,
} from '../../platform/db/schema.js';

export type ConnectionRow = typeof calendarConnections.$inferSelect;
export type EventRow = typeof calendarEvents.$inferSelect;
type EventValues = Omit<typeof calendarEvents.$inferInsert, 'id' | 'createdAt'>;

/** Every query names the user or the connection, so one person never reads another's calendar. */
export function createCalendarRepo(db: Db) {
  return {
    async connection(userId: string, provider: CalendarProvider): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(calendarConnections)
        .where(
          and(eq(calendarConnections.userId, userId), eq(calendarConnections.provider, provider)),
        );
      return row ?? null;
    },
    async connectionById(id: string): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(calendarConnections)
        .where(eq(calendarConnections.id, id));
      return row ?? null;
    },
    connections: (userId: string) =>
      db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId)),

    /** Creates the connection or replaces the tokens of the one there (connecting again). */
    async saveConnection(values: {
      organizationId: string;
      userId: string;
      provider: CalendarProvider;
      accountEmail: string;
      secretSealed: string;
      now: Date;
    }): Promise<ConnectionRow> {
      const { now, ...rest } = values;
      const set = {
        accountEmail: rest.accountEmail,
        secretSealed: rest.secretSealed,
        status: 'connected' as const,
        lastError: null,
        updatedAt: now,
      };
      const [row] = await db
        .insert(calendarConnections)
        .values({ ...rest, status: 'connected' })
        .onConflictDoUpdate({
          target: [calendarConnections.userId, calendarConnections.provider],
          set,
        })
        .returning();
      if (!row) throw new Error('calendar connection not saved');
      return row;
    },
    async updateConnection(
      id: string,
      values: Partial<
        Pick<ConnectionRow, 'status' | 'secretSealed' | 'syncState' | 'lastSyncAt' | 'lastError'>
      >,
      now: Date,
    ): Promise<void> {
      await db
        .update(calendarConnections)
        .set({ ...values, updatedAt: now })
        .where(eq(calendarConnections.id, id));
    },
    async removeConnection(id: string): Promise<void> {
      await db.delete(calendarConnections).where(eq(calendarConnections.id, id));
    },
    /** Connections whose last sync is older than `before` (or that never synced). */
    async dueConnections(before: Date): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(calendarConnections)
        .where(
          and(
            eq(calendarConnections.status, 'connected'),
            sql`(${calendarConnections.lastSyncAt} is null or ${calendarConnections.lastSyncAt} < ${before})`,
          ),
        )
        .orderBy(asc(calendarConnections.lastSyncAt))
        .limit(500);
    },

    async rule(userId: string): Promise<AutoJoinRule> {
      const [row] = await db
        .select({ rule: calendarPreferences.autoJoinRule })
        .from(calendarPreferences)
        .where(eq(calendarPreferences.userId, userId));
      return row?.rule ?? 'none';
    },
    async setRule(
      organizationId: string,
      userId: string,
      rule: AutoJoinRule,
      now: Date,
    ): Promise<void> {
      await db
        .insert(calendarPreferences)
        .values({ organizationId, userId, autoJoinRule: rule, updatedAt: now })
        .onConflictDoUpdate({
          target: calendarPreferences.userId,
          set: { autoJoinRule: rule, updatedAt: now },
        });
    },

    async event(id: string): Promise<EventRow | null> {
      const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
      return row ?? null;
    },
    async eventOfMeeting(userId: string, meetingId: string): Promise<EventRow | null> {
      if (!isUuid(meetingId)) return null;
      const [row] = await db
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.meetingId, meetingId)));
      return row ?? null;
    },
    async eventsByExternal(connectionId: string, externalIds: string[]): Promise<EventRow[]> {
      if (externalIds.length === 0) return [];
      return db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.connectionId, connectionId),
            inArray(calendarEvents.externalId, externalIds),
          ),
        );
    },
    eventsOfConnection: (connectionId: string) =>
      db.select().from(calendarEvents).where(eq(calendarEvents.connectionId, connectionId)),
    /** The user's events not yet over, soonest first. */
    upcoming: (userId: string, now: Date) =>
      db
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.userId, userId), gte(calendarEvents.endAt, now)))
        .orderBy(asc(calendarEvents.startAt))
        .limit(200),
    /** Events that ended without the bot, whose scheduled meeting is no longer needed. */
    endedUnjoined: (connectionId: string, now: Date) =>
      db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.connectionId, connectionId),
            lt(calendarEvents.endAt, now),
            isNull(calendarEvents.joinedAt),
          ),
        ),
    async insertEvent(values: EventValues): Promise<EventRow> {
      const [row] = await db.insert(calendarEvents).values(values).returning();
      if (!row) throw new Error('calendar event not saved');
      return row;
    },
    async updateEvent(id: string, values: Partial<EventValues>): Promise<EventRow | null> {
      const [row] = await db
        .update(calendarEvents)
        .set(values)
        .where(eq(calendarEvents.id, id))
        .returning();
      return row ?? null;
    },
    async removeEvent(id: string): Promise<void> {
      await db.delete(calendarEvents).where(eq(calendarEvents.id, id));
    },
    /** Claims the event's one join: false when it was joined already (or is gone). */
    async claimJoin(id: string, startAt: Date, now: Date): Promise<EventRow | null> {
      const [row] = await db
        .update(calendarEvents)
        .set({ joinedAt: now, joinError: null, updatedAt: now })
        .where(
          and(
            eq(calendarEvents.id, id),
            isNull(calendarEvents.joinedAt),
            eq(calendarEvents.startAt, startAt),
          ),
        )
        .returning();
      return row ?? null;
    },
    async releaseJoin(id: string, error: string, now: Date): Promise<void> {
      await db
        .update(calendarEvents)
        .set({ joinedAt: null, joinError: error, updatedAt: now })
        .where(eq(calendarEvents.id, id));
    },
    async countUpcoming(connectionId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(calendarEvents)
        .where(and(eq(calendarEvents.connectionId, connectionId), gte(calendarEvents.endAt, now)));
      return row?.n ?? 0;
    },
  };
}
export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
