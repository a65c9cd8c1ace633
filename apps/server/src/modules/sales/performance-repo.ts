import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { SALES_SIGNALS, type MeetingStage, type SalesSignal } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  deals,
  meetingInsights,
  meetingTranscripts,
  meetings,
  salesCallSignals,
  salesRepTotals,
  salesStaleTotals,
  users,
  type Total,
} from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import { personName, teamOf } from './team.js';

/** The filters of the performance view, on `meetings` (and the deal it belongs to). */
export interface PerformanceFilters {
  stage: MeetingStage | 'all';
  nameId?: string | undefined;
  opportunity?: string | undefined;
  account?: string | undefined;
}

const s = salesCallSignals;
const i = meetingInsights;

/** The call has a scored insight (a score-only call is one of the rep's calls too). */
const scored = sql`exists (select 1 from ${i} where ${i.meetingId} = ${meetings.id} and ${i.score} is not null)`;

/** jsonb numbers come back as numbers from PGlite and as strings from pg for float8 casts. */
const num = (v: number | string | null): number => (v === null ? 0 : Number(v));

/**
 * The rep's signals of calls, from their stored analytics: the expressions `sales_call_signals`
 * is filled with. The rep's voice is the speaker the meeting names with the owner's name or
 * e-mail, else speaker_00; the figures are the text step's, so they are what the meeting page
 * shows.
 */
function callSignalsSelect(db: Db, condition: SQL) {
  const a = sql`${meetingTranscripts.analytics}`;
  const rep = sql`r.rep`;
  const speaks = sql`(${a} -> 'talkTimePercent') ? ${rep}`;
  // The key is one of ours, written as a literal: a parameter would make `jsonb -> $1` ambiguous.
  const countOf = (name: 'questions' | 'fillerWords') => {
    const key = sql.raw(`'${name}'`);
    return sql<
      number | null
    >`case when ${speaks} and jsonb_typeof(${a} -> ${key}) = 'array' then (select count(*) from jsonb_array_elements(${a} -> ${key}) e where e ->> 'speaker' = ${rep})::float8 end`;
  };
  return db
    .select({
      meetingId: meetings.id,
      speaker: sql<string>`${rep}`.as('speaker'),
      talkRatio: sql<number | null>`(${a} -> 'talkTimePercent' ->> ${rep})::float8`.as(
        'talk_ratio',
      ),
      longestMonologueSec: sql<number | null>`(${a} ->> 'longestMonologueSec')::float8`.as(
        'longest_monologue_sec',
      ),
      questions: sql<number | null>`case
          when ${speaks} and jsonb_typeof(${a} -> 'questionsPerSpeaker') = 'object'
            then coalesce((${a} -> 'questionsPerSpeaker' ->> ${rep})::float8, 0)
          else ${countOf('questions')} end`.as('questions'),
      interactivity: sql<
        number | null
      >`(${a} -> 'interactivity' ->> 'switchesPerMinute')::float8`.as('interactivity'),
      fillerWords: countOf('fillerWords').as('filler_words'),
      speakingRate: sql<number | null>`(${a} -> 'wordsPerMinute' ->> ${rep})::float8`.as(
        'speaking_rate',
      ),
    })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.ownerId))
    .innerJoin(meetingTranscripts, eq(meetingTranscripts.meetingId, meetings.id))
    .innerJoin(
      sql`lateral (select coalesce(
          (select d.key from jsonb_each_text(${meetings.additionalDetails}) d
            where lower(btrim(d.value)) in (lower(${personName}), lower(${users.email}))
            order by d.key limit 1),
          'speaker_00') as rep) r`,
      sql`true`,
    )
    .where(and(condition, sql`${a} is not null`));
}

/** One rep's totals in one stage: their calls with signals or a score, and what they sum to. */
export interface RepTotals {
  stage: MeetingStage;
  ownerId: string;
  ownerName: string;
  calls: number;
  signals: Record<SalesSignal, Total>;
  prompts: Record<string, Total>;
}

/** The organisation's sales calls, any owner: what the kept totals count. */
const salesCallsOf = (organizationId: string) =>
  and(
    eq(meetings.organizationId, organizationId),
    eq(meetings.kind, 'meeting'),
    eq(meetings.inferenceStatus, 'processed'),
    ne(meetings.stage, 'basic_meeting'),
  ) as SQL;

/** Per stage and rep, the totals of the calls under `condition`, summed from the calls. */
async function totalsOfCalls(db: Db, condition: SQL): Promise<RepTotals[]> {
  const sums = Object.fromEntries(
    SALES_SIGNALS.map((k) => [
      k,
      { sum: sql<number | string | null>`sum(${s[k]})`, count: sql<number>`count(${s[k]})::int` },
    ]),
  ) as Record<SalesSignal, { sum: SQL<number | string | null>; count: SQL<number> }>;
  const [reps, prompts] = await Promise.all([
    db
      .select({
        stage: meetings.stage,
        ownerId: users.id,
        ownerName: personName,
        calls: sql<number>`count(*)::int`,
        ...sums,
      })
      .from(meetings)
      .innerJoin(users, eq(users.id, meetings.ownerId))
      .leftJoin(s, eq(s.meetingId, meetings.id))
      .where(and(condition, or(isNotNull(s.meetingId), scored)))
      // users.id is the key of users: its name columns go with it.
      .groupBy(meetings.stage, users.id),
    db
      .select({
        stage: meetings.stage,
        ownerId: meetings.ownerId,
        promptName: i.promptName,
        sum: sql<number | string>`sum(${i.score})`,
        count: sql<number>`count(*)::int`,
      })
      .from(i)
      .innerJoin(meetings, eq(meetings.id, i.meetingId))
      .where(and(condition, isNotNull(i.score)))
      .groupBy(meetings.stage, meetings.ownerId, i.promptName),
  ]);
  return reps.map((r) => ({
    stage: r.stage,
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    calls: Number(r.calls),
    signals: Object.fromEntries(
      SALES_SIGNALS.map((k) => [k, { sum: num(r[k].sum), count: Number(r[k].count) }]),
    ) as Record<SalesSignal, Total>,
    prompts: Object.fromEntries(
      prompts
        .filter((p) => p.stage === r.stage && p.ownerId === r.ownerId)
        .map((p) => [p.promptName, { sum: num(p.sum), count: Number(p.count) }]),
    ),
  }));
}

/** The per-figure reads of the performance view (issue 16 item 3), spread into the sales repository. */
export function createPerformanceRepo(db: Db) {
  /** The sales calls of a team view: processed, in a sales stage, filtered as asked. */
  function scope(caller: Caller, f: PerformanceFilters): SQL {
    return and(
      eq(meetings.organizationId, caller.organizationId),
      teamOf(caller, meetings.ownerId),
      eq(meetings.kind, 'meeting'),
      eq(meetings.inferenceStatus, 'processed'),
      f.stage === 'all' ? ne(meetings.stage, 'basic_meeting') : eq(meetings.stage, f.stage),
      f.nameId ? eq(meetings.ownerId, f.nameId) : undefined,
      f.opportunity ? eq(meetings.dealId, f.opportunity) : undefined,
      f.account
        ? sql`${meetings.dealId} IN (SELECT ${deals.id} FROM ${deals} WHERE ${deals.accountId} = ${f.account})`
        : undefined,
    ) as SQL;
  }

  /**
   * Computes again the organisation's totals the triggers marked stale, in one transaction:
   * the marks are taken (a change committed meanwhile marks its rep and stage again), the
   * totals of those reps and stages summed from their calls, and written in place.
   */
  async function refreshTotals(organizationId: string): Promise<void> {
    const st = salesStaleTotals;
    const t = salesRepTotals;
    await db.transaction(async (tx) => {
      const stale = await tx
        .delete(st)
        .where(eq(st.organizationId, organizationId))
        .returning({ ownerId: st.ownerId, stage: st.stage });
      if (stale.length === 0) return;
      // A VALUES list the planner hashes: a list of row values is compared one by one, per
      // call (every rep and stage stale, as after a migration, took 15 s at 100,000 calls).
      const pairs = sql`select * from (values ${sql.join(
        stale.map((b) => sql`(${b.ownerId}::uuid, ${b.stage}::meeting_stage)`),
        sql`, `,
      )}) as stale (owner_id, stage)`;
      const totals = await totalsOfCalls(
        tx,
        and(
          salesCallsOf(organizationId),
          sql`(${meetings.ownerId}, ${meetings.stage}) in (${pairs})`,
        ) as SQL,
      );
      await tx
        .delete(t)
        .where(
          and(eq(t.organizationId, organizationId), sql`(${t.ownerId}, ${t.stage}) in (${pairs})`),
        );
      if (totals.length === 0) return;
      await tx.insert(t).values(
        totals.map((r) => ({
          organizationId,
          ownerId: r.ownerId,
          stage: r.stage,
          calls: r.calls,
          signals: r.signals,
          prompts: r.prompts,
        })),
      );
    });
  }

  return {
    /**
     * Reads the rep's signals of these calls from their analytics again (a call without
     * analytics loses its row); answers how many rows were written. Called when a call's analysis finishes, its transcript is
     * corrected or its speakers are named.
     */
    async refreshCallSignals(meetingIds: readonly string[], now: Date): Promise<number> {
      if (meetingIds.length === 0) return 0;
      const ids = [...meetingIds];
      return db.transaction(async (tx) => {
        await tx.delete(s).where(
          and(
            inArray(s.meetingId, ids),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(meetingTranscripts)
                .where(
                  and(
                    eq(meetingTranscripts.meetingId, s.meetingId),
                    isNotNull(meetingTranscripts.analytics),
                  ),
                ),
            ),
          ),
        );
        const rows = await callSignalsSelect(tx, inArray(meetings.id, ids));
        if (rows.length === 0) return 0;
        const values = rows.map((r) => ({
          meetingId: r.meetingId,
          speaker: r.speaker,
          ...Object.fromEntries(SALES_SIGNALS.map((k) => [k, r[k] === null ? null : Number(r[k])])),
          computedAt: now,
        }));
        await tx
          .insert(s)
          .values(values)
          .onConflictDoUpdate({
            target: s.meetingId,
            set: {
              speaker: sql`excluded.speaker`,
              talkRatio: sql`excluded.talk_ratio`,
              longestMonologueSec: sql`excluded.longest_monologue_sec`,
              questions: sql`excluded.questions`,
              interactivity: sql`excluded.interactivity`,
              fillerWords: sql`excluded.filler_words`,
              speakingRate: sql`excluded.speaking_rate`,
              computedAt: sql`excluded.computed_at`,
            },
          });
        return rows.length;
      });
    },

    /**
     * Calls with analytics but no signals row yet (analysed before the table), a batch in id
     * order after `after`.
     */
    async callsWithoutSignals(after: string | null, limit: number): Promise<string[]> {
      const t = meetingTranscripts;
      const rows = await db
        .select({ id: t.meetingId })
        .from(t)
        .where(
          and(
            isNotNull(t.analytics),
            after ? gt(t.meetingId, after) : undefined,
            notExists(
              db
                .select({ one: sql`1` })
                .from(s)
                .where(eq(s.meetingId, t.meetingId)),
            ),
          ),
        )
        .orderBy(asc(t.meetingId))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Per stage and rep, the totals of the calls in scope (with their name): read from the
     * kept totals, computed again first where stale, or from the calls themselves when the
     * scope is one deal's or one account's (the totals are per rep and stage only).
     */
    async totals(caller: Caller, f: PerformanceFilters): Promise<RepTotals[]> {
      if (f.opportunity || f.account) return totalsOfCalls(db, scope(caller, f));
      await refreshTotals(caller.organizationId);
      const t = salesRepTotals;
      const rows = await db
        .select({
          stage: t.stage,
          ownerId: t.ownerId,
          ownerName: personName,
          calls: t.calls,
          signals: t.signals,
          prompts: t.prompts,
        })
        .from(t)
        .innerJoin(users, eq(users.id, t.ownerId))
        .where(
          and(
            eq(t.organizationId, caller.organizationId),
            teamOf(caller, t.ownerId),
            f.stage === 'all' ? ne(t.stage, 'basic_meeting') : eq(t.stage, f.stage),
            f.nameId ? eq(t.ownerId, f.nameId) : undefined,
          ),
        );
      return rows;
    },

    /**
     * The latest `limit` calls in scope with signals or a score, newest first: which signals
     * each has and which prompts scored it. For naming the calls behind one rep's figures.
     */
    async figureCalls(caller: Caller, f: PerformanceFilters, limit: number) {
      const has = Object.fromEntries(
        SALES_SIGNALS.map((k) => [k, sql<boolean>`${s[k]} is not null`]),
      ) as Record<SalesSignal, SQL<boolean>>;
      return db
        .select({
          meetingId: meetings.id,
          ...has,
          prompts: sql<
            string[] | null
          >`(select array_agg(${i.promptName}) from ${i} where ${i.meetingId} = ${meetings.id} and ${i.score} is not null)`,
        })
        .from(meetings)
        .leftJoin(s, eq(s.meetingId, meetings.id))
        .where(and(scope(caller, f), or(isNotNull(s.meetingId), scored)))
        .orderBy(desc(meetings.startTime), desc(meetings.id))
        .limit(limit);
    },
  };
}
