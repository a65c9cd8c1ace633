import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { InsightItem } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { insightLinks, meetingInsights } from '../../platform/db/schema.js';
import type { PromptOutcome } from './runner.js';

export type InsightRow = typeof meetingInsights.$inferSelect;
export type KitItem = Pick<InsightItem, 'promptName' | 'result' | 'citations'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function itemOf(row: InsightRow): InsightItem {
  return {
    promptName: row.promptName,
    group: row.group,
    result: row.result,
    citations: row.citations,
    provider: row.provider,
    model: row.model,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createInsightsRepo(db: Db) {
  return {
    async forMeeting(meetingId: string): Promise<InsightRow[]> {
      return db
        .select()
        .from(meetingInsights)
        .where(eq(meetingInsights.meetingId, meetingId))
        .orderBy(asc(meetingInsights.createdAt), asc(meetingInsights.promptName));
    },

    /** These prompts' answers for these meetings of the organisation. */
    async ofMeetings(
      organizationId: string,
      meetingIds: readonly string[],
      promptNames: readonly string[],
    ): Promise<Pick<InsightRow, 'meetingId' | 'promptName' | 'result'>[]> {
      if (meetingIds.length === 0) return [];
      return db
        .select({
          meetingId: meetingInsights.meetingId,
          promptName: meetingInsights.promptName,
          result: meetingInsights.result,
        })
        .from(meetingInsights)
        .where(
          and(
            eq(meetingInsights.organizationId, organizationId),
            inArray(meetingInsights.meetingId, [...meetingIds]),
            inArray(meetingInsights.promptName, [...promptNames]),
          ),
        );
    },

    /** One row per meeting and prompt: a re-run replaces the answer in place. */
    async upsert(
      keys: { meetingId: string; organizationId: string; runId: string | null },
      outcome: PromptOutcome,
      now: Date,
    ): Promise<InsightRow> {
      const values = { ...keys, ...outcome };
      const [row] = await db
        .insert(meetingInsights)
        .values({ ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [meetingInsights.meetingId, meetingInsights.promptName],
          set: {
            runId: keys.runId,
            group: outcome.group,
            result: outcome.result,
            citations: outcome.citations,
            provider: outcome.provider,
            model: outcome.model,
            inputTokens: outcome.inputTokens,
            outputTokens: outcome.outputTokens,
            costUsd: outcome.costUsd,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('insight upsert returned nothing');
      return row;
    },

    /** Answers of prompts the meeting no longer runs (its stage changed) are dropped. */
    async keepOnly(meetingId: string, promptNames: string[]): Promise<void> {
      await db
        .delete(meetingInsights)
        .where(
          and(
            eq(meetingInsights.meetingId, meetingId),
            notInArray(meetingInsights.promptName, promptNames),
          ),
        );
    },

    async saveLink(values: {
      meetingId: string;
      organizationId: string;
      token: string;
      access: 'Public' | 'Private';
      results: KitItem[];
      now: Date;
    }): Promise<void> {
      const row = {
        meetingId: values.meetingId,
        organizationId: values.organizationId,
        tokenHash: hashToken(values.token),
        access: values.access,
        results: values.results,
        updatedAt: values.now,
      };
      await db
        .insert(insightLinks)
        .values({ ...row, createdAt: values.now })
        .onConflictDoUpdate({ target: insightLinks.meetingId, set: row });
    },

    async linkByToken(token: string) {
      const [row] = await db
        .select()
        .from(insightLinks)
        .where(eq(insightLinks.tokenHash, hashToken(token)));
      return row ?? null;
    },
  };
}
export type InsightsRepo = ReturnType<typeof createInsightsRepo>;
