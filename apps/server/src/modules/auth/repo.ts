import { and, count, desc, eq, gte, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import type { AuthProvider } from '@parley/contracts';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import { oneTimeCodes, retiredRefreshTokens, sessions } from '../../platform/db/schema.js';

export type CodePurpose = 'signin' | 'signup';

/** Every write to a session tells `access`, so this process's next call reads it anew. */
export function createAuthRepo(db: Db, access: AccessCache) {
  return {
    /** How many codes the address asked for since then, and when the first of them was. */
    async codesRequestedSince(
      email: string,
      since: Date,
    ): Promise<{ count: number; first: Date | null }> {
      const [row] = await db
        .select({ n: count(), first: min(oneTimeCodes.createdAt) })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.email, email), gte(oneTimeCodes.createdAt, since)));
      return { count: row?.n ?? 0, first: row?.first ?? null };
    },

    /** A new code replaces any unused one for the same address and purpose. */
    async issueCode(values: {
      email: string;
      purpose: CodePurpose;
      codeHash: string;
      expiresAt: Date;
      payload?: unknown;
      requestIp: string;
      now: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .update(oneTimeCodes)
          .set({ consumedAt: values.now })
          .where(
            and(
              eq(oneTimeCodes.email, values.email),
              eq(oneTimeCodes.purpose, values.purpose),
              isNull(oneTimeCodes.consumedAt),
            ),
          );
        await tx.insert(oneTimeCodes).values({
          email: values.email,
          purpose: values.purpose,
          codeHash: values.codeHash,
          expiresAt: values.expiresAt,
          payload: values.payload ?? null,
          requestIp: values.requestIp,
          createdAt: values.now,
        });
      });
    },

    async latestOpenCode(email: string, purpose: CodePurpose) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.email, email),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Counts a wrong try atomically; returns the new count, or null if already at the limit. */
    async countWrongTry(id: string, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.attempts, maxTries)))
        .returning({ attempts: oneTimeCodes.attempts });
      return row?.attempts ?? null;
    },

    /** True only for the one caller that consumed it, so a code works once. */
    async consumeCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },

    /**
     * Starts the user's one session. The unique userId turns a second sign-in into an update
     * with a new session id, which ends the old session and invalidates its tokens.
     */
    async replaceSession(values: {
      id: string;
      userId: string;
      refreshTokenHash: string;
      provider: AuthProvider;
      ip: string;
      userAgent: string | null;
      now: Date;
      expiresAt: Date;
    }) {
      const [row] = await db.transaction(async (tx) => {
        // The old session's retired tokens mean nothing once it is replaced.
        await tx
          .delete(retiredRefreshTokens)
          .where(
            inArray(
              retiredRefreshTokens.sessionId,
              tx
                .select({ id: sessions.id })
                .from(sessions)
                .where(eq(sessions.userId, values.userId)),
            ),
          );
        return tx
          .insert(sessions)
          .values({ ...values, createdAt: values.now, lastSeenAt: values.now })
          .onConflictDoUpdate({
            target: sessions.userId,
            set: {
              id: values.id,
              refreshTokenHash: values.refreshTokenHash,
              provider: values.provider,
              ip: values.ip,
              userAgent: values.userAgent,
              createdAt: values.now,
              lastSeenAt: values.now,
              expiresAt: values.expiresAt,
            },
          })
          .returning();
      });
      if (!row) throw new Error('session upsert returned nothing');
      access.userChanged(values.userId);
      return row;
    },

    async sessionById(id: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row ?? null;
    },

    /**
     * Swaps the session's refresh token for a new one, only if `fromHash` is still the current
     * one (of two racing refreshes exactly one rotates), and remembers the old one as retired.
     */
    async rotateRefreshToken(values: {
      id: string;
      fromHash: string;
      toHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<boolean> {
      const userId = await db.transaction(async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({
            refreshTokenHash: values.toHash,
            lastSeenAt: values.now,
            expiresAt: values.expiresAt,
          })
          .where(and(eq(sessions.id, values.id), eq(sessions.refreshTokenHash, values.fromHash)))
          .returning({ userId: sessions.userId });
        if (rows.length !== 1 || !rows[0]) return null;
        await tx
          .insert(retiredRefreshTokens)
          .values({ tokenHash: values.fromHash, sessionId: values.id, retiredAt: values.now });
        return rows[0].userId;
      });
      // The session's expiry moved: a cached one would end it too early.
      if (userId) access.userChanged(userId);
      return userId !== null;
    },

    /** When the session retired this token, or null if it never had it. */
    async retiredAt(sessionId: string, tokenHash: string): Promise<Date | null> {
      const [row] = await db
        .select({ retiredAt: retiredRefreshTokens.retiredAt })
        .from(retiredRefreshTokens)
        .where(
          and(
            eq(retiredRefreshTokens.tokenHash, tokenHash),
            eq(retiredRefreshTokens.sessionId, sessionId),
          ),
        );
      return row?.retiredAt ?? null;
    },

    async deleteSession(id: string) {
      const gone = await db
        .delete(sessions)
        .where(eq(sessions.id, id))
        .returning({ userId: sessions.userId });
      for (const row of gone) access.userChanged(row.userId);
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
