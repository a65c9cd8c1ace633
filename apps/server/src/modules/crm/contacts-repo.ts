import { and, asc, eq, gt, gte, inArray, ne, notInArray } from 'drizzle-orm';
import type { CrmProvider } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { dealContacts, deals, salesAccounts } from '../../platform/db/schema.js';
import type { CrmContact, CrmDealContact } from './types.js';

/** Local ids of the rows imported from `source` with these external ids. */
export async function localIds(
  db: Db,
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

/**
 * The CRM's contacts on Parley's deals: one row per deal and e-mail. Contacts without an
 * address are skipped: meetings are matched to deals by address. Rows a user added in Parley
 * (source 'parley') are never removed by an import.
 */
export function createCrmContactsRepo(db: Db) {
  /** The contact on the deal; a changed address replaces the old one there. */
  async function put(
    tx: Db,
    row: { organizationId: string; dealId: string; source: CrmProvider },
    c: { id: string; name: string; email: string; role: string | null },
    now: Date,
  ) {
    await tx
      .delete(dealContacts)
      .where(
        and(
          eq(dealContacts.dealId, row.dealId),
          eq(dealContacts.source, row.source),
          eq(dealContacts.externalId, c.id),
          ne(dealContacts.email, c.email),
        ),
      );
    await tx
      .insert(dealContacts)
      .values({ ...row, name: c.name, email: c.email, role: c.role, externalId: c.id })
      .onConflictDoUpdate({
        target: [dealContacts.dealId, dealContacts.email],
        set: { name: c.name, role: c.role, source: row.source, externalId: c.id, updatedAt: now },
      });
  }

  return {
    /** Changed contacts, on each of their deals Parley has. */
    async upsertContacts(
      organizationId: string,
      source: CrmProvider,
      items: CrmContact[],
      now: Date,
    ) {
      const dealIds = await localIds(
        db,
        deals,
        organizationId,
        source,
        items.flatMap((c) => c.deals.map((d) => d.id)),
      );
      for (const c of items) {
        if (!c.email) continue;
        for (const link of c.deals) {
          const dealId = dealIds.get(link.id);
          if (!dealId) continue;
          await put(
            db,
            { organizationId, dealId, source },
            { id: c.id, name: c.name, email: c.email, role: link.role },
            now,
          );
        }
      }
    },

    /**
     * A deal's contacts from the CRM as its associations stand now: those no longer on it at
     * the CRM are removed, the others added or brought up to date.
     */
    async replaceDealContacts(
      organizationId: string,
      source: CrmProvider,
      dealId: string,
      contacts: CrmDealContact[],
      now: Date,
    ) {
      const kept = contacts.flatMap((c) => (c.email ? [{ ...c, email: c.email }] : []));
      await db.transaction(async (tx) => {
        await tx.delete(dealContacts).where(
          and(
            eq(dealContacts.dealId, dealId),
            eq(dealContacts.source, source),
            kept.length > 0
              ? notInArray(
                  dealContacts.externalId,
                  kept.map((c) => c.id),
                )
              : undefined,
          ),
        );
        for (const c of kept) await put(tx, { organizationId, dealId, source }, c, now);
      });
    },

    /**
     * The organisation's deals imported from `source` in Parley's id order after `after`,
     * only those saved since `since` when given: the association pass's batches.
     */
    importedDeals(
      organizationId: string,
      source: CrmProvider,
      p: { after: string | null; since: Date | null; limit: number },
    ): Promise<{ id: string; externalId: string | null }[]> {
      return db
        .select({ id: deals.id, externalId: deals.externalId })
        .from(deals)
        .where(
          and(
            eq(deals.organizationId, organizationId),
            eq(deals.source, source),
            p.after ? gt(deals.id, p.after) : undefined,
            p.since ? gte(deals.updatedAt, p.since) : undefined,
          ),
        )
        .orderBy(asc(deals.id))
        .limit(p.limit);
    },
  };
}
