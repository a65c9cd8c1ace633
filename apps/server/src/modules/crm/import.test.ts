import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES, type Deal, type DealContact } from '@parley/contracts';
import { dealContacts, integrationConfigs, meetings } from '../../platform/db/schema.js';
import { call, json } from '../../test/context.js';
import { after, startCrmApp, type CrmApp, type Seen } from '../../test/crm-kit.js';

/**
 * Issue 16 item 7, the import, against local stand-ins of HubSpot and Salesforce: accounts,
 * deals and contacts brought over page by page (both stand-ins page by two), incremental and
 * resumable, refreshing on 401, waiting out 429, and calls linked to deals by their
 * participants' addresses.
 */

let app: CrmApp;

beforeAll(async () => {
  app = await startCrmApp();
}, 60_000);
afterAll(async () => app?.close());

const searches = (seen: Seen[], type: string) =>
  seen.filter((s) => s.path === `/crm/v3/objects/${type}/search` && s.status === 200);

const emailsOn = async (dealId: string) =>
  (await app.ctx.database.db.select().from(dealContacts).where(eq(dealContacts.dealId, dealId)))
    .map((c) => c.email)
    .sort();

const sealedHubSpot = async () => {
  const rows = await app.ctx.database.db
    .select()
    .from(integrationConfigs)
    .where(eq(integrationConfigs.organizationId, app.org));
  return rows.find((r) => r.provider === 'hubspot')?.secretSealed;
};

describe('HubSpot', () => {
  it('imports accounts, deals and contacts, and links a call to its deal', async () => {
    // A call whose participant is a HubSpot contact, uploaded before the deal was in Parley.
    const callId = await app.callWith('Northwind QBR', 'ann.lee@northwind.example', null);
    await app.connect('hubspot');
    const done = await app.imported('hubspot');
    expect(done.import).toMatchObject({
      state: 'done',
      error: null,
      counts: { accounts: 3, deals: 3, contacts: 3, meetingsLinked: 1 },
    });

    const accounts = await app.storedAccounts('hubspot');
    expect(accounts.map((a) => [a.externalId, a.name, a.domain]).sort()).toEqual([
      ['501', 'Northwind Traders', 'northwind.example'],
      ['502', 'Globex', 'globex.example'],
      ['503', 'Initech', null],
    ]);
    const renewal = await app.dealByExternal('hubspot', '101');
    expect(renewal).toMatchObject({
      name: 'Northwind renewal',
      stage: 'qualification_stage',
      amount: 12000,
      currency: 'EUR',
      closeDate: '2025-03-31',
    });
    expect(renewal.accountId).toBe(accounts.find((a) => a.externalId === '501')?.id);
    expect(await app.dealByExternal('hubspot', '102')).toMatchObject({
      stage: 'negotiation_close_stage',
      amount: 5000.5,
    });
    // An unknown pipeline stage leaves Parley's default.
    expect((await app.dealByExternal('hubspot', '103')).stage).toBe('prospecting_stage');

    // Owners by address: a member of the organisation (whatever the case of the address);
    // not someone Parley does not know, nor a member of another organisation.
    expect(renewal.ownerId).toBe(await app.userId('rep@acme.parley.local'));
    expect((await app.dealByExternal('hubspot', '102')).ownerId).toBeNull();
    expect((await app.dealByExternal('hubspot', '103')).ownerId).toBeNull();
    const ownerReads = app.hs.seen.filter((s) => s.path.startsWith('/crm/v3/owners/'));
    expect(ownerReads.map((s) => [s.path, s.status]).sort()).toEqual([
      ['/crm/v3/owners/71?idProperty=id', 200],
      ['/crm/v3/owners/72?idProperty=id', 200],
      ['/crm/v3/owners/73?idProperty=id', 200],
    ]);

    // Through the API, as the deals page reads them.
    const list = await call(app.ctx, 'GET', `/sales/deals/${renewal.id}/contacts`, {
      token: app.poc,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(json<{ data: DealContact[] }>(list).data).toEqual([
      expect.objectContaining({
        name: 'Ann Lee',
        email: 'ann.lee@northwind.example',
        role: 'CFO',
        source: 'hubspot',
        externalId: '201',
      }),
    ]);
    const initech = await app.dealByExternal('hubspot', '103');
    const bo = await app.ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.dealId, initech.id));
    expect(bo.map((c) => c.email)).toEqual(['bo@globex.example']);

    // Linked by its participant's address.
    const [linked] = await app.ctx.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.id, callId));
    expect(linked?.dealId).toBe(renewal.id);
  });

  it('imports again only what changed since the last import', async () => {
    const mark = app.hs.seen.length;
    app.hs.put('deals', '102', { amount: '7500' });
    const done = await app.importNow('hubspot');
    expect(done.import?.counts).toEqual({ accounts: 0, deals: 1, contacts: 0, meetingsLinked: 0 });
    const seen = after(app.hs, mark);
    // One page each, empty for the objects that did not change.
    expect(searches(seen, 'companies')).toHaveLength(1);
    expect(searches(seen, 'contacts')).toHaveLength(1);
    const dealSearch = searches(seen, 'deals');
    expect(dealSearch).toHaveLength(1);
    const filter = (
      dealSearch[0]?.body as { filterGroups: { filters: { operator: string; value: string }[] }[] }
    ).filterGroups[0]?.filters[0];
    expect(filter?.operator).toBe('GT');
    expect(Number(filter?.value)).toBe(app.hs.deals.find((d) => d.id === '103')?.modified);
    expect((await app.dealByExternal('hubspot', '102')).amount).toBe(7500);
  });

  it('refreshes an expired token once and carries on', async () => {
    app.hs.expireTokens();
    const mark = app.hs.seen.length;
    app.hs.put('contacts', '202', { firstname: 'Bo', lastname: 'Chen-Park' });
    const before = await sealedHubSpot();
    const done = await app.importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', counts: { contacts: 1 } });
    const seen = after(app.hs, mark);
    expect(seen.map((s) => s.status).slice(0, 3)).toEqual([401, 200, 200]);
    expect(seen[1]).toMatchObject({
      path: '/oauth/v1/token',
      body: expect.objectContaining({ grant_type: 'refresh_token' }),
    });
    expect(seen.filter((s) => s.status === 401)).toHaveLength(1);
    expect(await sealedHubSpot()).not.toBe(before);
    const names = await app.ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.email, 'bo@globex.example'));
    expect(names.map((c) => c.name)).toEqual(['Bo Chen-Park', 'Bo Chen-Park']);
  });

  it('waits as long as a 429 says, then retries', async () => {
    app.hs.rateLimit(1, 1);
    const mark = app.hs.seen.length;
    app.hs.put('companies', '503', { name: 'Initech Inc' });
    const done = await app.importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', counts: { accounts: 1 } });
    const seen = after(app.hs, mark);
    const limited = seen.findIndex((s) => s.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    const retried = seen[limited + 1];
    expect(retried?.path).toBe(seen[limited]?.path);
    expect(retried?.status).toBe(200);
    expect((retried?.at ?? 0) - (seen[limited]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect((await app.storedAccounts('hubspot')).find((a) => a.externalId === '503')?.name).toBe(
      'Initech Inc',
    );
  });

  it('resumes a failed import from the last saved page', async () => {
    for (const id of ['104', '105', '106', '107', '108']) {
      app.hs.put('deals', id, {
        dealname: `Bulk deal ${id}`,
        dealstage: 'appointmentscheduled',
        amount: '100',
        closedate: null,
        deal_currency_code: null,
      });
    }
    const mark = app.hs.seen.length;
    // The second page of deals fails once: the job fails, is retried, and goes on from there.
    app.hs.failOnce(
      (s) =>
        s.path === '/crm/v3/objects/deals/search' && (s.body as { after?: string }).after === '2',
    );
    const done = await app.importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', error: null, counts: { deals: 5 } });
    const pages = after(app.hs, mark)
      .filter((s) => s.path === '/crm/v3/objects/deals/search')
      .map((s) => [(s.body as { after?: string }).after ?? 'first', s.status]);
    expect(pages).toEqual([
      ['first', 200],
      ['2', 500],
      ['2', 200],
      ['4', 200],
    ]);
    expect((await app.storedDeals('hubspot')).length).toBe(8);
  });

  it('keeps the owner while HubSpot will not show owners, and follows a reassignment', async () => {
    const rep = await app.userId('rep@acme.parley.local');
    // A connection authorised before Parley asked to read owners: 403 on the owner.
    app.hs.refuseOwners(true);
    app.hs.put('deals', '101', { amount: '12500' });
    let done = await app.importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', counts: { deals: 1 } });
    expect(await app.dealByExternal('hubspot', '101')).toMatchObject({
      amount: 12500,
      ownerId: rep,
    });

    // Reassigned in HubSpot to someone Parley does not know: no owner in Parley either.
    app.hs.refuseOwners(false);
    app.hs.put('deals', '101', { hubspot_owner_id: '72' });
    done = await app.importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', counts: { deals: 1 } });
    expect((await app.dealByExternal('hubspot', '101')).ownerId).toBeNull();
    app.hs.put('deals', '101', { hubspot_owner_id: '71' });
    await app.importNow('hubspot');
    expect((await app.dealByExternal('hubspot', '101')).ownerId).toBe(rep);
  });

  it('reads deals’ contacts again: one put on a deal or taken off it alone shows at Import now', async () => {
    const globex = await app.dealByExternal('hubspot', '102');
    const initech = await app.dealByExternal('hubspot', '103');
    // Someone the sales team added in Parley stays, whatever HubSpot says.
    const added = await call(app.ctx, 'POST', `/sales/deals/${initech.id}/contacts`, {
      token: app.poc,
      payload: { name: 'Ida Ng', email: 'ida@initech.example' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // In HubSpot, Ann is put on Globex's deal and Bo taken off Initech's: no record changes.
    app.hs.contactDeals.set('201', ['101', '102']).set('202', ['102']);
    const done = await app.importNow('hubspot');
    expect(done.import?.counts).toEqual({ accounts: 0, deals: 0, contacts: 0, meetingsLinked: 0 });
    expect(await emailsOn(globex.id)).toEqual(['ann.lee@northwind.example', 'bo@globex.example']);
    expect(await emailsOn(initech.id)).toEqual(['ida@initech.example']);
  });
});

describe('Salesforce', () => {
  it('imports accounts, opportunities and contacts with their roles', async () => {
    await app.callWith('Contoso discovery', 'dee@contoso.example', null);
    const back = await app.connect('salesforce');
    expect(back.searchParams.get('crmResult')).toBe('connected');
    const done = await app.imported('salesforce');
    expect(done).toMatchObject({ connected: true, accountName: 'Contoso Ltd' });
    expect(done.import?.counts).toEqual({ accounts: 2, deals: 3, contacts: 3, meetingsLinked: 1 });

    const expansion = await app.dealByExternal('salesforce', '006A');
    expect(expansion).toMatchObject({
      name: 'Contoso expansion',
      stage: 'discovery_stage',
      amount: 40000,
      closeDate: '2025-06-30',
    });
    const accounts = await app.storedAccounts('salesforce');
    expect(accounts.map((a) => [a.externalId, a.domain]).sort()).toEqual([
      ['001A', 'contoso.example'],
      ['001B', null],
    ]);
    expect(expansion.accountId).toBe(accounts.find((a) => a.externalId === '001A')?.id);
    // Owner.Email matched to a member; another organisation's point of contact is no owner.
    expect(expansion.ownerId).toBe(await app.userId('manager@acme.parley.local'));
    expect((await app.dealByExternal('salesforce', '006B')).ownerId).toBeNull();
    // A single-currency organisation: every amount in its default currency.
    expect((await app.storedDeals('salesforce')).map((d) => d.currency)).toEqual([
      'GBP',
      'GBP',
      'GBP',
    ]);
    const eli = await app.ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.email, 'eli@fabrikam.example'));
    // The role on each opportunity, else the contact's title (none here).
    expect(eli.map((c) => c.role).sort()).toEqual(['Evaluator', null]);
    const gus = await app.ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.email, 'gus@contoso.example'));
    expect(gus.map((c) => [c.name, c.role])).toEqual([['Gus Hill', 'IT lead']]);
    const res = await call(app.ctx, 'GET', `/sales/deals/${expansion.id}`, { token: app.poc });
    expect(json<Deal>(res)).toMatchObject({
      source: 'salesforce',
      externalId: '006A',
      meetingsCount: 1,
    });
  });

  it('reads only what changed, refreshes on 401 and waits out a 429', async () => {
    app.sf.expireTokens();
    app.sf.rateLimit(1, 1);
    const mark = app.sf.seen.length;
    app.sf.put('Opportunity', { Id: '006B', StageName: 'Negotiation/Review', Amount: 2500 });
    const done = await app.importNow('salesforce');
    expect(done.import?.counts).toEqual({ accounts: 0, deals: 1, contacts: 0, meetingsLinked: 0 });
    expect(await app.dealByExternal('salesforce', '006B')).toMatchObject({
      stage: 'negotiation_close_stage',
      amount: 2500,
    });
    const seen = after(app.sf, mark);
    const statuses = seen.map((s) => s.status);
    expect(statuses.slice(0, 3)).toEqual([429, 401, 200]);
    expect(seen[2]).toMatchObject({
      path: '/services/oauth2/token',
      body: expect.objectContaining({ grant_type: 'refresh_token' }),
    });
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    const queries = seen
      .filter((s) => s.path.includes('/query?q='))
      .map((s) => decodeURIComponent(s.path))
      .filter((q) => /FROM (Account|Opportunity|Contact)\b/.test(q));
    expect(queries.length).toBeGreaterThanOrEqual(3);
    expect(queries.every((q) => q.includes('SystemModstamp >'))).toBe(true);
  });

  it('reads each opportunity’s currency once the organisation has multi-currency', async () => {
    app.sf.currency.multi = true;
    app.sf.put('Opportunity', { Id: '006A', CurrencyIsoCode: 'EUR' });
    app.sf.put('Opportunity', { Id: '006C', CurrencyIsoCode: 'JPY', Amount: 150000 });
    const mark = app.sf.seen.length;
    const done = await app.importNow('salesforce');
    expect(done.import).toMatchObject({ state: 'done', counts: { deals: 2 } });
    expect(await app.dealByExternal('salesforce', '006A')).toMatchObject({
      currency: 'EUR',
      amount: 40000,
    });
    expect(await app.dealByExternal('salesforce', '006C')).toMatchObject({
      currency: 'JPY',
      amount: 150000,
    });
    // Not read again: it keeps the currency it had.
    expect((await app.dealByExternal('salesforce', '006B')).currency).toBe('GBP');
    const seen = after(app.sf, mark);
    expect(seen.filter((s) => s.path.endsWith('/sobjects/Opportunity/describe'))).toHaveLength(1);
    const opportunities = seen
      .map((s) => decodeURIComponent(s.path))
      .filter((q) => q.includes('FROM Opportunity '));
    expect(opportunities.length).toBeGreaterThan(0);
    expect(opportunities.every((q) => q.includes(', CurrencyIsoCode FROM'))).toBe(true);
  });

  it('reads opportunities’ contact roles again: a role added alone shows at Import now', async () => {
    const expansion = await app.dealByExternal('salesforce', '006A');
    expect(await emailsOn(expansion.id)).toEqual(['dee@contoso.example']);
    // A contact role is a record of its own: the Contact's SystemModstamp does not move.
    app.sf.roles.push({ ContactId: '003C', OpportunityId: '006A', Role: 'Technical Buyer' });
    const done = await app.importNow('salesforce');
    expect(done.import?.counts).toEqual({ accounts: 0, deals: 0, contacts: 0, meetingsLinked: 0 });
    const gus = await app.ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.dealId, expansion.id));
    expect(gus.map((c) => [c.email, c.role]).sort()).toEqual([
      ['dee@contoso.example', 'Decision Maker'],
      ['gus@contoso.example', 'Technical Buyer'],
    ]);
  });

  it('marks the connection for reconnecting when the refresh is refused', async () => {
    app.sf.expireTokens();
    app.sf.revokeRefresh();
    const done = await app.importNow('salesforce');
    expect(done.import).toMatchObject({
      state: 'failed',
      error: CRM_MESSAGES.reconnect('salesforce'),
    });
    expect(done.needsReconnect).toBe(true);
  });
});
