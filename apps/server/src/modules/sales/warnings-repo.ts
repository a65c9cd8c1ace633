import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  ACTION_ITEMS_PROMPT,
  type DealNextStep,
  type DealWarning,
  type UncheckedWarning,
} from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  biometricResults,
  dealContacts,
  dealStageChanges,
  deals,
  meetingInsights,
  meetingTranscripts,
  meetings,
  participants,
  users,
} from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import type { CallFacts, DealFacts } from './warnings.js';

/**
 * What the deal-warning rules read and write (issue 16 item 5): a deal's facts, its stored
 * warnings, and which deals are due a fresh computation. Spread into the sales repository.
 */
export function createWarningsRepo(db: Db) {
  return {
    /** Everything the warning rules read of a deal; null when it is gone. */
    async dealFacts(dealId: string): Promise<{ organizationId: string; facts: DealFacts } | null> {
      const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
      if (!deal) return null;
      const org = deal.organizationId;
      const stays = db.$with('stays').as(
        db
          .select({
            stage: dealStageChanges.stage,
            changedAt: dealStageChanges.changedAt,
            nextAt: sql<Date | null>`lead(${dealStageChanges.changedAt}) over (
              partition by ${dealStageChanges.dealId}
              order by ${dealStageChanges.changedAt}, ${dealStageChanges.id})`.as('next_at'),
          })
          .from(dealStageChanges)
          .where(eq(dealStageChanges.organizationId, org)),
      );
      const [contacts, members, calls, history, spans] = await Promise.all([
        db
          .select({ email: dealContacts.email, name: dealContacts.name })
          .from(dealContacts)
          .where(eq(dealContacts.dealId, dealId)),
        db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.organizationId, org)),
        db
          .select({
            id: meetings.id,
            startTime: meetings.startTime,
            names: meetings.additionalDetails,
            words: meetingTranscripts.words,
          })
          .from(meetings)
          .leftJoin(meetingTranscripts, eq(meetingTranscripts.meetingId, meetings.id))
          .where(
            and(
              eq(meetings.dealId, dealId),
              eq(meetings.organizationId, org),
              eq(meetings.kind, 'meeting'),
            ),
          ),
        db
          .select({ stage: dealStageChanges.stage, changedAt: dealStageChanges.changedAt })
          .from(dealStageChanges)
          .where(eq(dealStageChanges.dealId, dealId))
          .orderBy(asc(dealStageChanges.changedAt), asc(dealStageChanges.id)),
        // Each finished stay: from a stage's row to the deal's next row.
        db
          .with(stays)
          .select({
            ms: sql<
              number | string
            >`(extract(epoch from (${stays.nextAt} - ${stays.changedAt})) * 1000)::float8`,
          })
          .from(stays)
          .where(and(sql`${stays.nextAt} is not null`, eq(stays.stage, deal.stage))),
      ]);
      const ids = calls.map((c) => c.id);
      const [invited, verified, items] =
        ids.length === 0
          ? [[], [], []]
          : await Promise.all([
              db
                .select({ meetingId: participants.meetingId, email: participants.email })
                .from(participants)
                .where(
                  and(eq(participants.organizationId, org), inArray(participants.meetingId, ids)),
                ),
              db
                .select({
                  meetingId: biometricResults.meetingId,
                  email: participants.email,
                  speaker: sql<string | null>`${biometricResults.result} ->> 'speaker'`,
                })
                .from(biometricResults)
                .innerJoin(participants, eq(participants.id, biometricResults.participantId))
                .where(
                  and(
                    inArray(biometricResults.meetingId, ids),
                    eq(participants.organizationId, org),
                    sql`${biometricResults.result} ->> 'status' = 'verified'`,
                  ),
                ),
              db
                .select({ meetingId: meetingInsights.meetingId, result: meetingInsights.result })
                .from(meetingInsights)
                .where(
                  and(
                    inArray(meetingInsights.meetingId, ids),
                    eq(meetingInsights.promptName, ACTION_ITEMS_PROMPT),
                  ),
                ),
            ]);
      const callFacts: CallFacts[] = calls.map((c) => {
        const result = items.find((i) => i.meetingId === c.id)?.result;
        return {
          id: c.id,
          startTime: c.startTime,
          names: c.names,
          attendees: [
            ...invited.filter((p) => p.meetingId === c.id).map((p) => p.email),
            ...verified.filter((v) => v.meetingId === c.id).map((v) => v.email),
          ],
          verified: verified.flatMap((v) =>
            v.meetingId === c.id && v.speaker ? [{ speaker: v.speaker, email: v.email }] : [],
          ),
          words: c.words,
          actionItems:
            result === undefined ? null : Array.isArray(result) ? result : result.insights,
        };
      });
      return {
        organizationId: org,
        facts: {
          stage: deal.stage,
          createdAt: deal.createdAt,
          contacts,
          members,
          calls: callFacts,
          stageHistory: history,
          stageSpansMs: spans.map((r) => Number(r.ms)),
        },
      };
    },
    async saveWarnings(
      dealId: string,
      computed: {
        warnings: DealWarning[];
        unchecked: UncheckedWarning[];
        nextStep: DealNextStep | null;
        version: number;
      },
      at: Date,
    ) {
      await db
        .update(deals)
        .set({
          warnings: computed.warnings,
          warningsUnchecked: computed.unchecked,
          nextStep: computed.nextStep,
          warningsVersion: computed.version,
          warningsAt: at,
        })
        .where(eq(deals.id, dealId));
    },
    /**
     * Deals whose warnings were computed before `before`, never, or by an older version of
     * the rules than `version`, after `after` (by id).
     */
    async staleDealIds(before: Date, version: number, after: string | null, limit: number) {
      const rows = await db
        .select({ id: deals.id })
        .from(deals)
        .where(
          and(
            or(
              isNull(deals.warningsAt),
              lt(deals.warningsAt, before),
              lt(deals.warningsVersion, version),
            ),
            after ? gt(deals.id, after) : undefined,
          ),
        )
        .orderBy(asc(deals.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    /** The deal a meeting is linked to, null when none (or no such meeting). */
    async dealOfMeeting(meetingId: string) {
      if (!isUuid(meetingId)) return null;
      const [row] = await db
        .select({ dealId: meetings.dealId })
        .from(meetings)
        .where(eq(meetings.id, meetingId));
      return row?.dealId ?? null;
    },
  };
}
