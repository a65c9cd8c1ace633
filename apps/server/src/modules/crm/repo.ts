import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CrmObject, CrmProvider } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  crmNotes,
  crmSyncs,
  deals,
  meetings,
  participants,
  salesAccounts,
  type CrmCounts,
  type CrmCursor,
} from '../../platform/db/schema.js';
import { createCrmContactsRepo, localIds } from './contacts-repo.js';
import type { CrmCompany, CrmDeal } from './types.js';

export type SyncRow = typeof crmSyncs.$inferSelect;

export const NO_COUNTS: CrmCounts = { accounts: 0, deals: 0, contacts: 0, meetingsLinked: 0 };

/** Every query names the organisation (or a meeting whose organisation it reads back). */
export function createCrmRepo(db: Db) {
  const syncOf = (organizationId: string, provider: CrmProvider) =>
    and(eq(crmSyncs.organizationId, organizationId), eq(crmSyncs.provider, provider));

  return {
    ...createCrmContactsRepo(db),

    /** With the connection (in its transaction): the import's checkpoint goes too. */
    async forgetSync(tx: Db, organizationId: string, provider: CrmProvider): Promise<void> {
      await tx.delete(crmSyncs).where(syncOf(organizationId, provider));
    },

    // ---------- the import's checkpoint and progress ----------
    async sync(organizationId: string, provider: CrmProvider) {
      const [row] = await db.select().from(crmSyncs).where(syncOf(organizationId, provider));
      return row ?? null;
    },
    syncs: (organizationId: string) =>
      db.select().from(crmSyncs).where(eq(crmSyncs.organizationId, organizationId)),
    /**
     * Marks an import queued, unless one is queued or running already (false then). The
     * cursors stay: the next run reads only what changed since the last. `fullAssociations`
     * makes the next run read every imported deal's contacts again, whichever it is.
     */
    async queueSync(
      organizationId: string,
      provider: CrmProvider,
      now: Date,
      fullAssociations: boolean,
    ): Promise<boolean> {
      if (fullAssociations) {
        await db
          .update(crmSyncs)
          .set({ associationsCheckedAt: null })
          .where(syncOf(organizationId, provider));
      }
      const rows = await db
        .insert(crmSyncs)
        .values({ organizationId, provider, state: 'queued', updatedAt: now })
        .onConflictDoUpdate({
          target: [crmSyncs.organizationId, crmSyncs.provider],
          set: { state: 'queued', error: null, updatedAt: now },
          setWhere: sql`${crmSyncs.state} not in ('queued', 'running')`,
        })
        .returning({ id: crmSyncs.id });
      return rows.length > 0;
    },
    /**
     * Every organisation's imports that last ended before `before` (done, or failed), for
     * the automatic ones: a system-wide read, the one query here not naming an organisation.
     */
    async importsEndedBefore(before: Date) {
      return db
        .select({ organizationId: crmSyncs.organizationId, provider: crmSyncs.provider })
        .from(crmSyncs)
        .where(
          and(
            inArray(crmSyncs.state, ['done', 'failed']),
            lt(sql`coalesce(${crmSyncs.finishedAt}, ${crmSyncs.updatedAt})`, before),
          ),
        );
    },
    /** Null when the connection (and with it the sync row) is gone. */
    async updateSync(
      organizationId: string,
      provider: CrmProvider,
      values: Partial<Omit<typeof crmSyncs.$inferInsert, 'id' | 'organizationId' | 'provider'>>,
    ) {
      const [row] = await db
        .update(crmSyncs)
        .set(values)
        .where(syncOf(organizationId, provider))
        .returning();
      return row ?? null;
    },
    /** After each page: where the pass goes on from, and the counts so far. */
    async checkpoint(
      organizationId: string,
      provider: CrmProvider,
      object: CrmObject,
      cursor: CrmCursor,
      counts: CrmCounts,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(crmSyncs)
        .set({
          cursors: sql`${crmSyncs.cursors} || ${JSON.stringify({ [object]: cursor })}::jsonb`,
          counts,
          updatedAt: now,
        })
        .where(syncOf(organizationId, provider))
        .returning({ id: crmSyncs.id });
      return rows.length > 0;
    },

    // ---------- upserts into the sales tables, on (organisation, source, external id) ----------
    async upsertAccounts(
      organizationId: string,
      source: CrmProvider,
      items: CrmCompany[],
      now: Date,
    ) {
      for (const c of items) {
        await db
          .insert(salesAccounts)
          .values({ organizationId, source, externalId: c.id, name: c.name, domain: c.domain })
          .onConflictDoUpdate({
            target: [salesAccounts.organizationId, salesAccounts.source, salesAccounts.externalId],
            targetWhere: sql`${salesAccounts.externalId} is not null`,
            set: { name: c.name, domain: c.domain, updatedAt: now },
          });
      }
    },
    /**
     * `members` maps owners' addresses to the organisation's users: an owner without one
     * leaves the deal with none, as the CRM is where deals are assigned; an owner the CRM
     * would not name (undefined) leaves Parley's as it is.
     */
    async upsertDeals(
      organizationId: string,
      source: CrmProvider,
      items: CrmDeal[],
      now: Date,
      members: ReadonlyMap<string, string>,
    ) {
      const accounts = await localIds(
        db,
        salesAccounts,
        organizationId,
        source,
        items.flatMap((d) => (d.companyId ? [d.companyId] : [])),
      );
      for (const d of items) {
        const accountId = d.companyId ? (accounts.get(d.companyId) ?? null) : null;
        // A stage or currency Parley cannot read leaves what Parley has.
        const known = {
          ...(d.stage ? { stage: d.stage } : {}),
          ...(d.currency ? { currency: d.currency } : {}),
          ...(d.ownerEmail !== undefined
            ? { ownerId: d.ownerEmail === null ? null : (members.get(d.ownerEmail) ?? null) }
            : {}),
        };
        await db
          .insert(deals)
          .values({
            organizationId,
            source,
            externalId: d.id,
            name: d.name,
            accountId,
            amount: d.amount ?? 0,
            closeDate: d.closeDate,
            ...known,
            // The association pass picks the run's deals by this, on the run's clock.
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [deals.organizationId, deals.source, deals.externalId],
            targetWhere: sql`${deals.externalId} is not null`,
            set: {
              name: d.name,
              accountId,
              amount: d.amount ?? 0,
              closeDate: d.closeDate,
              ...known,
              updatedAt: now,
            },
          });
      }
    },
    // ---------- meetings and deals ----------
    /**
     * The organisation's calls not linked to a deal, with the addresses of the people in them:
     * invited participants, and speakers named by an e-mail address.
     */
    async unlinkedMeetings(organizationId: string) {
      const rows = await db
        .select({
          id: meetings.id,
          status: meetings.inferenceStatus,
          details: meetings.additionalDetails,
          invited: sql<
            string[]
          >`coalesce((select array_agg(${participants.email}) from ${participants} where ${participants.meetingId} = ${meetings.id}), '{}')`,
        })
        .from(meetings)
        .where(
          and(
            eq(meetings.organizationId, organizationId),
            eq(meetings.kind, 'meeting'),
            isNull(meetings.dealId),
          ),
        );
      return rows.map((r) => ({
        id: r.id,
        processed: r.status === 'processed',
        emails: [
          ...r.invited,
          ...Object.values(r.details).filter((v) => /^[^\s@]+@[^\s@]+$/.test(v.trim())),
        ],
      }));
    },
    /** Links a call still without a deal; false when someone linked it meanwhile. */
    async linkMeeting(organizationId: string, meetingId: string, dealId: string, now: Date) {
      const rows = await db
        .update(meetings)
        .set({ dealId, updatedAt: now })
        .where(
          and(
            eq(meetings.id, meetingId),
            eq(meetings.organizationId, organizationId),
            isNull(meetings.dealId),
          ),
        )
        .returning({ id: meetings.id });
      return rows.length > 0;
    },
    /** The call with the CRM deal it is linked to (null fields when the deal is Parley's own). */
    async meetingForNote(meetingId: string) {
      const [row] = await db
        .select({
          id: meetings.id,
          organizationId: meetings.organizationId,
          name: meetings.meetingName,
          title: meetings.title,
          startTime: meetings.startTime,
          processed: sql<boolean>`${meetings.inferenceStatus} = 'processed'`,
          dealSource: deals.source,
          dealExternalId: deals.externalId,
        })
        .from(meetings)
        .innerJoin(deals, eq(deals.id, meetings.dealId))
        .where(eq(meetings.id, meetingId));
      return row ?? null;
    },
    async note(meetingId: string, provider: CrmProvider) {
      const [row] = await db
        .select()
        .from(crmNotes)
        .where(and(eq(crmNotes.meetingId, meetingId), eq(crmNotes.provider, provider)));
      return row ?? null;
    },
    /** Claims the call's note on a deal before it is created there (see crm_notes). */
    async claimNote(
      values: Pick<
        typeof crmNotes.$inferInsert,
        'organizationId' | 'meetingId' | 'provider' | 'dealExternalId'
      > & { marker: string },
      now: Date,
    ) {
      const claim = {
        dealExternalId: values.dealExternalId,
        marker: values.marker,
        claimedAt: now,
      };
      await db
        .insert(crmNotes)
        .values({ ...values, ...claim, noteExternalId: null })
        .onConflictDoUpdate({
          target: [crmNotes.meetingId, crmNotes.provider],
          set: { ...claim, noteExternalId: null, updatedAt: now },
        });
    },
    async saveNote(
      values: Pick<
        typeof crmNotes.$inferInsert,
        'organizationId' | 'meetingId' | 'provider' | 'dealExternalId' | 'noteExternalId'
      >,
      now: Date,
    ) {
      await db
        .insert(crmNotes)
        .values(values)
        .onConflictDoUpdate({
          target: [crmNotes.meetingId, crmNotes.provider],
          set: {
            dealExternalId: values.dealExternalId,
            noteExternalId: values.noteExternalId,
            updatedAt: now,
          },
        });
    },
  };
}
export type CrmRepo = ReturnType<typeof createCrmRepo>;
