import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { CrmObject, CrmProvider } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  crmNotes,
  crmSyncs,
  dealContacts,
  deals,
  meetings,
  participants,
  salesAccounts,
  type CrmCounts,
  type CrmCursor,
} from '../../platform/db/schema.js';
import type { CrmCompany, CrmContact, CrmDeal } from './types.js';

export type SyncRow = typeof crmSyncs.$inferSelect;

export const NO_COUNTS: CrmCounts = { accounts: 0, deals: 0, contacts: 0, meetingsLinked: 0 };

/** Every query names the organisation (or a meeting whose organisation it reads back). */
export function createCrmRepo(db: Db) {
  const syncOf = (organizationId: string, provider: CrmProvider) =>
    and(eq(crmSyncs.organizationId, organizationId), eq(crmSyncs.provider, provider));

  /** Local ids of the rows imported from `source` with these external ids. */
  async function localIds(
    table: typeof salesAccounts | typeof deals,
    organizationId: string,
    source: CrmProvider,
    externalIds: string[],
  ): Promise<Map<string, string>> {
    if (externalIds.length === 0) return new Map();
    const rows = await db
      .select({ id: table.id, externalId: table.externalId })
      .from(table)
      .where(
        and(
          eq(table.organizationId, organizationId),
          eq(table.source, source),
          inArray(table.externalId, [...new Set(externalIds)]),
        ),
      );
    return new Map(rows.map((r) => [r.externalId ?? '', r.id]));
  }

  return {
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
     * cursors stay: the next run reads only what changed since the last.
     */
    async queueSync(organizationId: string, provider: CrmProvider, now: Date): Promise<boolean> {
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
    /**
     * A contact on each of its deals Parley has (one row per deal and e-mail); a changed
     * address replaces the old one on those deals. Contacts without an address are skipped:
     * meetings are matched to deals by address.
     */
    async upsertContacts(
      organizationId: string,
      source: CrmProvider,
      items: CrmContact[],
      now: Date,
    ) {
      const dealIds = await localIds(
        deals,
        organizationId,
        source,
        items.flatMap((c) => c.deals.map((d) => d.id)),
      );
      for (const c of items) {
        if (!c.email) continue;
        const email = c.email;
        for (const link of c.deals) {
          const dealId = dealIds.get(link.id);
          if (!dealId) continue;
          await db
            .delete(dealContacts)
            .where(
              and(
                eq(dealContacts.dealId, dealId),
                eq(dealContacts.source, source),
                eq(dealContacts.externalId, c.id),
                ne(dealContacts.email, email),
              ),
            );
          await db
            .insert(dealContacts)
            .values({
              organizationId,
              dealId,
              name: c.name,
              email,
              role: link.role,
              source,
              externalId: c.id,
            })
            .onConflictDoUpdate({
              target: [dealContacts.dealId, dealContacts.email],
              set: { name: c.name, role: link.role, source, externalId: c.id, updatedAt: now },
            });
        }
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
