import type { z } from 'zod';
import {
  SALES_MESSAGES as M,
  type Deal,
  type DealContact,
  type dealBody,
  type dealContactBody,
  type dealContactPatch,
  type dealPatch,
  type Meeting,
  type SalesAccount,
  type salesAccountBody,
  type salesAccountPatch,
} from '@parley/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import { conflictOnDuplicate } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { AccountRow, ContactRow, DealListQuery, DealRow, SalesRepo } from './repo.js';
import type { SalesDeps } from './service.js';

/**
 * Accounts, deals and their contacts (issue 16 item 1), and linking a call to a deal. A change
 * a deal's warnings rest on queues them (`warnLater`).
 */

const toAccount = (a: AccountRow, dealsCount: number): SalesAccount => ({
  id: a.id,
  name: a.name,
  domain: a.domain,
  source: a.source,
  externalId: a.externalId,
  dealsCount,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

const toDeal = (r: {
  deal: DealRow;
  accountName: string | null;
  ownerName: string | null;
  meetingsCount: number;
  lastMeetingAt: string | null;
}): Deal => ({
  id: r.deal.id,
  name: r.deal.name,
  accountId: r.deal.accountId,
  accountName: r.accountName,
  stage: r.deal.stage,
  amount: Number(r.deal.amount),
  currency: r.deal.currency,
  closeDate: r.deal.closeDate,
  ownerId: r.deal.ownerId,
  ownerName: r.ownerName,
  source: r.deal.source,
  externalId: r.deal.externalId,
  meetingsCount: r.meetingsCount,
  warnings: r.deal.warnings,
  warningsUnchecked: r.deal.warningsUnchecked,
  warningsAt: r.deal.warningsAt?.toISOString() ?? null,
  nextStep: r.deal.nextStep,
  lastMeetingAt: r.lastMeetingAt,
  createdAt: r.deal.createdAt.toISOString(),
  updatedAt: r.deal.updatedAt.toISOString(),
});

const toContact = (c: ContactRow): DealContact => ({
  id: c.id,
  dealId: c.dealId,
  name: c.name,
  email: c.email,
  role: c.role,
  source: c.source,
  externalId: c.externalId,
  createdAt: c.createdAt.toISOString(),
});

/**
 * The deal whose contacts include the most of these participants' addresses (the most
 * recently changed on a tie), or null. For linking a call to a deal by who attended it; the
 * CRM sync will use it once it has upserted the contacts.
 */
export async function matchDeal(
  repo: Pick<SalesRepo, 'dealsByContactEmails'>,
  organizationId: string,
  emails: readonly string[],
): Promise<string | null> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const [best] = await repo.dealsByContactEmails(organizationId, wanted);
  return best?.dealId ?? null;
}

export function createDealsService(
  deps: Pick<SalesDeps, 'repo' | 'meetings' | 'now'>,
  warnLater: (dealId: string) => Promise<void>,
) {
  const { repo, now } = deps;

  async function account(caller: Caller, id: string) {
    const row = await repo.account(caller.organizationId, id);
    if (!row) throw notFound(M.accountNotFound);
    return row;
  }
  async function deal(caller: Caller, id: string) {
    const row = await repo.deal(caller.organizationId, id);
    if (!row) throw notFound(M.dealNotFound);
    return row;
  }
  async function contact(caller: Caller, id: string) {
    const row = await repo.contact(caller.organizationId, id);
    if (!row) throw notFound(M.contactNotFound);
    return row;
  }
  /** An account or owner named in a deal's body must be the organisation's. */
  async function checkRefs(
    caller: Caller,
    body: { accountId?: string | null | undefined; ownerId?: string | null | undefined },
  ) {
    if (body.accountId) await account(caller, body.accountId);
    if (body.ownerId && !(await repo.isActiveMember(caller.organizationId, body.ownerId))) {
      throw badRequest(M.ownerInvalid);
    }
  }

  return {
    // ---------- accounts ----------
    async listAccounts(caller: Caller, q: { page: number; size: number; search?: string }) {
      const { rows, count } = await repo.accountsPage(
        caller.organizationId,
        q.search,
        q.page,
        q.size,
      );
      return { data: rows.map((r) => toAccount(r.account, r.dealsCount)), count };
    },
    async createAccount(caller: Caller, body: z.output<typeof salesAccountBody>) {
      const row = await repo.insertAccount({
        organizationId: caller.organizationId,
        name: body.name,
        domain: body.domain ?? null,
        createdBy: caller.userId,
      });
      return toAccount(row, 0);
    },
    async updateAccount(caller: Caller, id: string, body: z.output<typeof salesAccountPatch>) {
      const row = await account(caller, id);
      await repo.updateAccount(row.account.id, { ...body, updatedAt: now() });
      const updated = await account(caller, id);
      return toAccount(updated.account, updated.dealsCount);
    },
    async deleteAccount(caller: Caller, id: string) {
      const row = await account(caller, id);
      await repo.deleteAccount(row.account.id);
      return { message: M.deleted };
    },

    // ---------- deals ----------
    async listDeals(caller: Caller, q: DealListQuery) {
      const { rows, count } = await repo.dealsPage(caller.organizationId, q);
      return { data: rows.map(toDeal), count };
    },
    async getDeal(caller: Caller, id: string) {
      return toDeal(await deal(caller, id));
    },
    async createDeal(caller: Caller, body: z.output<typeof dealBody>) {
      await checkRefs(caller, body);
      const row = await repo.insertDeal(
        {
          organizationId: caller.organizationId,
          name: body.name,
          accountId: body.accountId ?? null,
          stage: body.stage,
          amount: body.amount,
          currency: body.currency,
          closeDate: body.closeDate ?? null,
          ownerId: body.ownerId === undefined ? caller.userId : body.ownerId,
        },
        now(),
      );
      return toDeal(await deal(caller, row.id));
    },
    async updateDeal(caller: Caller, id: string, body: z.output<typeof dealPatch>) {
      const row = await deal(caller, id);
      await checkRefs(caller, body);
      const at = now();
      // A new stage starts its time in it again: "stuck in a stage" changes.
      if (await repo.updateDeal(row.deal.id, { ...body, updatedAt: at }, at)) {
        await warnLater(row.deal.id);
      }
      return toDeal(await deal(caller, id));
    },
    async deleteDeal(caller: Caller, id: string) {
      const row = await deal(caller, id);
      await repo.deleteDeal(row.deal.id);
      return { message: M.deleted };
    },

    // ---------- contacts ----------
    async listContacts(caller: Caller, dealId: string) {
      const row = await deal(caller, dealId);
      return { data: (await repo.contactsOf(row.deal.id)).map(toContact) };
    },
    async createContact(caller: Caller, dealId: string, body: z.output<typeof dealContactBody>) {
      const row = await deal(caller, dealId);
      const created = await conflictOnDuplicate(M.contactExists, () =>
        repo.insertContact({
          organizationId: caller.organizationId,
          dealId: row.deal.id,
          name: body.name,
          email: body.email,
          role: body.role ?? null,
        }),
      );
      // Who is a contact decides who engaged and whose side a speaker is on.
      await warnLater(row.deal.id);
      return toContact(created);
    },
    async updateContact(caller: Caller, id: string, body: z.output<typeof dealContactPatch>) {
      const row = await contact(caller, id);
      const updated = await conflictOnDuplicate(M.contactExists, () =>
        repo.updateContact(row.id, { ...body, updatedAt: now() }),
      );
      if (!updated) throw notFound(M.contactNotFound);
      await warnLater(updated.dealId);
      return toContact(updated);
    },
    async deleteContact(caller: Caller, id: string) {
      const row = await contact(caller, id);
      await repo.deleteContact(row.id);
      await warnLater(row.dealId);
      return { message: M.deleted };
    },

    matchDeal: (organizationId: string, emails: readonly string[]) =>
      matchDeal(repo, organizationId, emails),

    /** Links a meeting the caller manages to one of the organisation's deals, or unlinks it. */
    async linkMeeting(caller: Caller, meetingId: string, dealId: string | null): Promise<Meeting> {
      // The meeting first: someone who cannot see it learns nothing about the deal id.
      const before = await deps.meetings.get(caller, meetingId);
      if (dealId) await deal(caller, dealId);
      const linked = await deps.meetings.setDeal(caller, meetingId, dealId);
      // Both deals' calls changed: the one it left and the one it joined.
      if (before.dealId && before.dealId !== dealId) await warnLater(before.dealId);
      if (dealId) await warnLater(dealId);
      return linked;
    },
  };
}
