import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { scorecards, users, type StoredRating } from '../../platform/db/schema.js';

export type ScorecardRow = typeof scorecards.$inferSelect;
/** A scorecard with its author's name (null for Zai's draft). */
export type AuthoredRow = ScorecardRow & { authorName: string | null };

export interface ScorecardFields {
  ratings: StoredRating[];
  recommendation: string | null;
  summary: string;
}

const authorName = sql<
  string | null
>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/**
 * Scorecards of interview meetings. Callers have checked the meeting is visible to them
 * (meetings service); rows carry the organisation too, and every lookup names it.
 */
export function createScorecardsRepo(db: Db) {
  const withAuthor = () =>
    db
      .select({ card: scorecards, authorName })
      .from(scorecards)
      .leftJoin(users, eq(users.id, scorecards.authorId));
  const flat = (rows: { card: ScorecardRow; authorName: string | null }[]): AuthoredRow[] =>
    rows.map((r) => ({ ...r.card, authorName: r.authorName }));

  /** The one scorecard of a meeting whose author matches (unique per meeting and author). */
  async function oneOf(
    organizationId: string,
    meetingId: string,
    author: SQL,
  ): Promise<ScorecardRow | null> {
    const [row] = await db
      .select()
      .from(scorecards)
      .where(
        and(
          eq(scorecards.organizationId, organizationId),
          eq(scorecards.meetingId, meetingId),
          author,
        ),
      );
    return row ?? null;
  }

  return {
    /** Every scorecard of the meetings: drafts and interviewers' (submitted or not), oldest first. */
    async forMeetings(organizationId: string, meetingIds: string[]): Promise<AuthoredRow[]> {
      if (meetingIds.length === 0) return [];
      return flat(
        await withAuthor()
          .where(
            and(
              eq(scorecards.organizationId, organizationId),
              inArray(scorecards.meetingId, meetingIds),
            ),
          )
          .orderBy(asc(scorecards.submittedAt), asc(scorecards.createdAt)),
      );
    },

    /** Zai's draft of a meeting. */
    draftOf: (organizationId: string, meetingId: string) =>
      oneOf(organizationId, meetingId, isNull(scorecards.authorId)),

    /** An interviewer's own scorecard of a meeting. */
    mineOf: (organizationId: string, meetingId: string, authorId: string) =>
      oneOf(organizationId, meetingId, eq(scorecards.authorId, authorId)),

    /** Zai's draft, replacing the previous one. */
    async saveDraft(
      key: { organizationId: string; meetingId: string },
      fields: ScorecardFields & { provider: string; model: string },
      now: Date,
    ): Promise<ScorecardRow> {
      return db.transaction(async (tx) => {
        await tx
          .delete(scorecards)
          .where(and(eq(scorecards.meetingId, key.meetingId), isNull(scorecards.authorId)));
        const [row] = await tx
          .insert(scorecards)
          .values({ ...key, ...fields, authorId: null, createdAt: now, updatedAt: now })
          .returning();
        if (!row) throw new Error('scorecard draft insert returned nothing');
        return row;
      });
    },

    /** The author's own scorecard, created on first save; a submitted one is not changed. */
    async saveMine(
      key: { organizationId: string; meetingId: string; authorId: string },
      fields: ScorecardFields,
      now: Date,
    ): Promise<ScorecardRow | null> {
      const [row] = await db
        .insert(scorecards)
        .values({ ...key, ...fields, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [scorecards.meetingId, scorecards.authorId],
          set: { ...fields, updatedAt: now },
          setWhere: isNull(scorecards.submittedAt),
        })
        .returning();
      return row ?? null;
    },

    async submit(id: string, now: Date): Promise<ScorecardRow | null> {
      const [row] = await db
        .update(scorecards)
        .set({ submittedAt: now, updatedAt: now })
        .where(and(eq(scorecards.id, id), isNull(scorecards.submittedAt)))
        .returning();
      return row ?? null;
    },

    /** Submitted interviewers' scorecards of the meetings (for the compare view). */
    async submittedFor(organizationId: string, meetingIds: string[]): Promise<ScorecardRow[]> {
      if (meetingIds.length === 0) return [];
      return db
        .select()
        .from(scorecards)
        .where(
          and(
            eq(scorecards.organizationId, organizationId),
            inArray(scorecards.meetingId, meetingIds),
            isNotNull(scorecards.submittedAt),
            isNotNull(scorecards.authorId),
          ),
        );
    },
  };
}
export type ScorecardsRepo = ReturnType<typeof createScorecardsRepo>;
