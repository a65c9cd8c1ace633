import { describe, expect, it } from 'vitest';
import type { Deal, DealContact, Meeting, SalesAccount, SalesPerformance } from '@parley/contracts';
import { createSalesRepo } from './repo.js';
import { matchDeal } from './service.js';
import { ctx, useSalesApp } from '../../test/sales-kit.js';

/**
 * Issue 16: accounts, deals and contacts, linking calls to deals, and what another
 * organisation gets of them. The /accounts view's reads are accounts-view.test.ts's.
 */
const { who, send, ok, salesCall } = useSalesApp();

describe('accounts, deals and contacts', () => {
  it('lets the manager create, change, list and delete them; the rep reads them only', async () => {
    const m = who.manager.accessToken;
    const r = who.rep.accessToken;
    const globex = await ok<SalesAccount>(m, 'POST', '/sales/accounts', {
      name: 'Globex',
      domain: 'globex.example',
    });
    const initech = await ok<SalesAccount>(m, 'POST', '/sales/accounts', { name: 'Initech' });
    expect(globex).toMatchObject({
      name: 'Globex',
      source: 'parley',
      externalId: null,
      dealsCount: 0,
    });

    const made: Deal[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await ok<Deal>(m, 'POST', '/sales/deals', {
          name: `Deal ${i}`,
          accountId: i % 2 === 0 ? globex.id : initech.id,
          stage: i < 4 ? 'discovery_stage' : 'negotiation_close_stage',
          amount: 1000 * (i + 1),
          currency: i === 6 ? 'eur' : 'USD',
          closeDate: '2031-06-30',
          ownerId: i < 3 ? who.rep.user.id : undefined,
        }),
      );
    }
    expect(made[6]).toMatchObject({
      currency: 'EUR',
      ownerId: who.manager.user.id,
      accountName: 'Globex',
    });
    expect(made[0]).toMatchObject({
      ownerId: who.rep.user.id,
      ownerName: expect.any(String),
      meetingsCount: 0,
      lastMeetingAt: null,
    });

    const page = await ok<{ data: Deal[]; count: number }>(
      r,
      'GET',
      `/sales/deals?accountId=${globex.id}&size=2&order=amount:asc`,
    );
    expect(page.count).toBe(4);
    expect(page.data.map((d) => d.name)).toEqual(['Deal 0', 'Deal 2']);
    const page2 = await ok<{ data: Deal[]; count: number }>(
      r,
      'GET',
      `/sales/deals?accountId=${globex.id}&size=2&page=1&order=amount:asc`,
    );
    expect(page2.data.map((d) => d.name)).toEqual(['Deal 4', 'Deal 6']);
    const byStage = await ok<{ count: number }>(
      r,
      'GET',
      '/sales/deals?stage=negotiation_close_stage',
    );
    expect(byStage.count).toBe(3);
    const byOwner = await ok<{ count: number }>(
      r,
      'GET',
      `/sales/deals?ownerId=${who.rep.user.id}`,
    );
    expect(byOwner.count).toBe(3);
    expect((await ok<{ count: number }>(r, 'GET', '/sales/deals?search=deal%203')).count).toBe(1);
    const accounts = await ok<{ data: SalesAccount[]; count: number }>(
      r,
      'GET',
      '/sales/accounts?search=glob',
    );
    expect(accounts).toMatchObject({ count: 1, data: [{ name: 'Globex', dealsCount: 4 }] });

    // The rep reads but does not write.
    expect((await send(r, 'POST', '/sales/deals', { name: 'Mine' })).status).toBe(403);
    expect((await send(r, 'PATCH', `/sales/deals/${made[0]!.id}`, { amount: 1 })).status).toBe(403);
    expect((await send(r, 'DELETE', `/sales/accounts/${globex.id}`)).status).toBe(403);

    const moved = await ok<Deal>(m, 'PATCH', `/sales/deals/${made[0]!.id}`, {
      stage: 'solution_presentation_stage',
      amount: 2500.5,
    });
    expect(moved).toMatchObject({
      stage: 'solution_presentation_stage',
      amount: 2500.5,
      name: 'Deal 0',
    });
    const badOwner = await send(m, 'PATCH', `/sales/deals/${made[0]!.id}`, {
      ownerId: who.outsider.user.id,
    });
    expect(badOwner.status).toBe(400);

    const contact = await ok<DealContact>(m, 'POST', `/sales/deals/${made[1]!.id}/contacts`, {
      name: 'Pat Buyer',
      email: 'Pat@Customer.example',
      role: 'Economic buyer',
    });
    expect(contact).toMatchObject({ email: 'pat@customer.example', role: 'Economic buyer' });
    expect(
      (
        await send(m, 'POST', `/sales/deals/${made[1]!.id}/contacts`, {
          email: 'pat@customer.example',
        })
      ).status,
    ).toBe(409);
    await ok(m, 'PATCH', `/sales/contacts/${contact.id}`, { role: 'Champion' });
    const contacts = await ok<{ data: DealContact[] }>(
      r,
      'GET',
      `/sales/deals/${made[1]!.id}/contacts`,
    );
    expect(contacts.data.map((c) => [c.name, c.role])).toEqual([['Pat Buyer', 'Champion']]);

    // Deleting an account keeps its deals, without an account.
    await ok(m, 'DELETE', `/sales/accounts/${initech.id}`);
    expect((await ok<Deal>(r, 'GET', `/sales/deals/${made[1]!.id}`)).accountId).toBeNull();
    await ok(m, 'DELETE', `/sales/contacts/${contact.id}`);
    expect(
      (await ok<{ data: unknown[] }>(r, 'GET', `/sales/deals/${made[1]!.id}/contacts`)).data,
    ).toEqual([]);
  });

  it('matches a deal by its contacts’ e-mail addresses, the most matches first', async () => {
    const m = who.manager.accessToken;
    const a = await ok<Deal>(m, 'POST', '/sales/deals', { name: 'Match A' });
    const b = await ok<Deal>(m, 'POST', '/sales/deals', { name: 'Match B' });
    await ok(m, 'POST', `/sales/deals/${a.id}/contacts`, { email: 'one@buyer.example' });
    await ok(m, 'POST', `/sales/deals/${b.id}/contacts`, { email: 'one@buyer.example' });
    await ok(m, 'POST', `/sales/deals/${b.id}/contacts`, { email: 'two@buyer.example' });
    const repo = createSalesRepo(ctx.database.db);
    const org = who.poc.user.organizationId;
    expect(await matchDeal(repo, org, ['ONE@buyer.example', 'two@buyer.example'])).toBe(b.id);
    expect(await matchDeal(repo, org, ['nobody@else.example'])).toBeNull();
    expect(
      await matchDeal(repo, who.outsider.user.organizationId, ['one@buyer.example']),
    ).toBeNull();
  });
});

describe('linking a call to a deal', () => {
  it('links and unlinks the caller’s own meeting; others’ meetings and deals answer 404', async () => {
    const m = who.manager.accessToken;
    const r = who.rep.accessToken;
    const deal = await ok<Deal>(m, 'POST', '/sales/deals', { name: 'Link me' });
    const mine = await salesCall(who.rep.user.id, 'discovery_stage');
    const theirs = await salesCall(who.member.user.id, 'discovery_stage');

    const linked = await ok<Meeting>(r, 'PUT', `/meeting/${mine}/deal`, { dealId: deal.id });
    expect(linked.dealId).toBe(deal.id);
    expect((await ok<Meeting>(r, 'GET', `/meeting/${mine}`)).dealId).toBe(deal.id);
    const withCall = await ok<Deal>(r, 'GET', `/sales/deals/${deal.id}`);
    expect(withCall.meetingsCount).toBe(1);
    const started = (await ok<Meeting>(r, 'GET', `/meeting/${mine}`)).startTime;
    expect(withCall.lastMeetingAt).toBe(new Date(started).toISOString());
    expect((await send(r, 'PUT', `/meeting/${theirs}/deal`, { dealId: deal.id })).status).toBe(404);
    expect(
      (await send(r, 'PUT', `/meeting/${mine}/deal`, { dealId: crypto.randomUUID() })).status,
    ).toBe(404);
    // The manager sees the rep's call (their team's) but does not manage it.
    expect((await send(m, 'PUT', `/meeting/${mine}/deal`, { dealId: null })).status).toBe(403);
    expect(
      (await ok<Meeting>(r, 'PUT', `/meeting/${mine}/deal`, { dealId: null })).dealId,
    ).toBeNull();

    // Deleting a deal unlinks its calls.
    await ok(r, 'PUT', `/meeting/${mine}/deal`, { dealId: deal.id });
    await ok(m, 'DELETE', `/sales/deals/${deal.id}`);
    expect((await ok<Meeting>(r, 'GET', `/meeting/${mine}`)).dealId).toBeNull();
  });
});

describe('another organisation', () => {
  it('gets 404 for Acme’s accounts, deals, contacts and meetings, and none of them in its lists', async () => {
    const m = who.manager.accessToken;
    const o = who.outsider.accessToken;
    const account = await ok<SalesAccount>(m, 'POST', '/sales/accounts', { name: 'Acme only' });
    const deal = await ok<Deal>(m, 'POST', '/sales/deals', {
      name: 'Acme secret',
      accountId: account.id,
      amount: 9,
    });
    const contact = await ok<DealContact>(m, 'POST', `/sales/deals/${deal.id}/contacts`, {
      email: 'x@acme-buyer.example',
    });
    const acmeCall = await salesCall(who.rep.user.id, 'discovery_stage');
    const ownCall = await salesCall(who.outsider.user.id, 'discovery_stage', {
      orgId: who.outsider.user.organizationId,
    });

    const attempts: [Parameters<typeof send>[1], string, unknown?][] = [
      ['GET', `/sales/deals/${deal.id}`],
      ['PATCH', `/sales/deals/${deal.id}`, { name: 'Taken' }],
      ['DELETE', `/sales/deals/${deal.id}`],
      ['GET', `/sales/deals/${deal.id}/contacts`],
      ['POST', `/sales/deals/${deal.id}/contacts`, { email: 'spy@elsewhere.example' }],
      ['PATCH', `/sales/contacts/${contact.id}`, { name: 'Taken' }],
      ['DELETE', `/sales/contacts/${contact.id}`],
      ['PATCH', `/sales/accounts/${account.id}`, { name: 'Taken' }],
      ['DELETE', `/sales/accounts/${account.id}`],
      ['PUT', `/meeting/${acmeCall}/deal`, { dealId: null }],
      ['PUT', `/meeting/${ownCall}/deal`, { dealId: deal.id }],
      ['POST', '/sales/deals', { name: 'Theirs', accountId: account.id }],
    ];
    const answers = [];
    for (const [method, path, payload] of attempts) {
      answers.push({
        call: `${method} ${path}`,
        status: (await send(o, method, path, payload)).status,
      });
    }
    expect(answers).toEqual(attempts.map(([mm, p]) => ({ call: `${mm} ${p}`, status: 404 })));

    expect((await ok<{ count: number }>(o, 'GET', '/sales/deals')).count).toBe(0);
    expect((await ok<{ count: number }>(o, 'GET', '/sales/accounts')).count).toBe(0);
    const filters = await ok<{ deals: unknown[]; accounts: unknown[]; names: { id: string }[] }>(
      o,
      'GET',
      '/meeting/getAllUsers',
    );
    expect(filters.deals).toEqual([]);
    expect(filters.accounts).toEqual([]);
    expect(filters.names.map((n) => n.id)).not.toContain(who.rep.user.id);
    expect((await ok<{ data: unknown[] }>(o, 'GET', '/meeting/deals/amount')).data).toEqual([]);
    const perf = await ok<SalesPerformance>(
      o,
      'GET',
      `/meeting/sales/performance?nameId=${who.rep.user.id}`,
    );
    expect(perf.stages).toEqual([]);
    expect((await ok<{ count: number }>(o, 'GET', '/meeting/manager/sales')).count).toBe(1);
    // Untouched for Acme.
    expect((await ok<Deal>(m, 'GET', `/sales/deals/${deal.id}`)).name).toBe('Acme secret');
  });
});
