import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CRM_MESSAGES,
  type CrmProvider,
  type CrmStatus,
  type Deal,
  type DealContact,
} from '@parley/contracts';
import {
  crmNotes,
  crmSyncs,
  dealContacts,
  deals,
  integrationConfigs,
  meetingInsights,
  meetings,
  salesAccounts,
} from '../../platform/db/schema.js';
import {
  call,
  createTestContext,
  json,
  signIn,
  signUp,
  type TestContext,
} from '../../test/context.js';
import {
  crmEnv,
  startHubSpotStandIn,
  startSalesforceStandIn,
  type HubSpotStandIn,
  type SalesforceStandIn,
  type Seen,
} from '../../test/crm-kit.js';
import { waitFor } from '../../test/media.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';

/**
 * Issue 16 item 7 against local stand-ins of HubSpot and Salesforce: connecting with OAuth 2,
 * importing (incremental, resumable, with progress), refreshing on 401, waiting out 429,
 * linking calls to deals by their participants' addresses, the one note per analysed call,
 * and disconnecting. Both stand-ins page by two, so every import reads several pages.
 */

let hs: HubSpotStandIn;
let sf: SalesforceStandIn;
let ctx: TestContext;
let poc: string;
let org: string;
let pocId: string;
let outsider: string;

const crm = async (p: CrmProvider, token = poc): Promise<CrmStatus> => {
  const res = await call(ctx, 'GET', '/crm', { token });
  expect(res.statusCode, res.body).toBe(200);
  const found = json<{ data: CrmStatus[] }>(res).data.find((s) => s.provider === p);
  if (!found) throw new Error(`no ${p} in /crm`);
  return found;
};

/** Waits for the import to end (done or failed) after `since` (ISO), and returns the status. */
const imported = (p: CrmProvider, startedAfter?: string) =>
  waitFor(
    async () => {
      const s = await crm(p);
      const i = s.import;
      if (!i || (i.state !== 'done' && i.state !== 'failed')) return undefined;
      if (startedAfter && (i.finishedAt ?? '') <= startedAfter) return undefined;
      return s;
    },
    30_000,
    `the ${p} import`,
  );

const importNow = async (p: CrmProvider) => {
  const before = (await crm(p)).import?.finishedAt ?? '';
  const res = await call(ctx, 'POST', `/${p}/import`, { token: poc });
  expect(res.statusCode, res.body).toBe(200);
  return imported(p, before);
};

/** POST connect, the browser at the CRM (consent given), then the callback with the cookie. */
async function connect(p: CrmProvider, tamper?: (u: URL) => void) {
  const start = await call(ctx, 'POST', `/${p}/connect`, { token: poc });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = start.cookies.find((c) => c.name === 'parley_crm');
  expect(cookie?.httpOnly).toBe(true);
  const atCrm = await fetch(json<{ url: string }>(start).url, { redirect: 'manual' });
  expect(atCrm.status).toBe(302);
  const back = new URL(atCrm.headers.get('location') ?? '');
  tamper?.(back);
  const res = await ctx.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: `parley_crm=${cookie?.value ?? ''}` },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

const after = (stand: { seen: Seen[] }, mark: number) => stand.seen.slice(mark);
const searches = (seen: Seen[], type: string) =>
  seen.filter((s) => s.path === `/crm/v3/objects/${type}/search` && s.status === 200);

const ofSource = <T extends typeof salesAccounts | typeof deals>(table: T, source: CrmProvider) =>
  and(eq(table.organizationId, org), eq(table.source, source));
const storedAccounts = (source: CrmProvider) =>
  ctx.database.db.select().from(salesAccounts).where(ofSource(salesAccounts, source));
const storedDeals = (source: CrmProvider) =>
  ctx.database.db.select().from(deals).where(ofSource(deals, source));

async function dealByExternal(source: CrmProvider, externalId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.organizationId, org),
        eq(deals.source, source),
        eq(deals.externalId, externalId),
      ),
    );
  if (!row) throw new Error(`no ${source} deal ${externalId}`);
  return row;
}

/** An analysed call whose speaker was named with `email`, with a summary and action items. */
async function analysedCall(name: string, email: string, summary: string[], actions: string[]) {
  const id = await insertMeeting(ctx, org, pocId, name, {
    sourceKey: `${name}.mp4`,
    playbackKey: `${name}.mp4`,
    additionalDetails: { speaker_00: 'Pat Poc', speaker_01: email },
  });
  await saveTranscript(ctx, id, org);
  await setInsights(id, summary, actions);
  return id;
}

async function setInsights(meetingId: string, summary: string[], actions: string[]) {
  for (const [promptName, lines] of [
    ['Summary', summary],
    ['Action Items', actions],
  ] as const) {
    await ctx.database.db
      .insert(meetingInsights)
      .values({
        meetingId,
        organizationId: org,
        promptName,
        group: 'meeting',
        result: [...lines],
        citations: { score: [], items: [] },
        provider: 'test',
        model: 'test',
      })
      .onConflictDoUpdate({
        target: [meetingInsights.meetingId, meetingInsights.promptName],
        set: { result: [...lines] },
      });
  }
}

const reanalyse = async (meetingId: string) => {
  const res = await call(ctx, 'POST', '/offline/re-analyze', {
    token: poc,
    payload: { meetingId, stage: 'finish' },
  });
  expect(res.statusCode, res.body).toBe(202);
};

beforeAll(async () => {
  hs = await startHubSpotStandIn({ pageSize: 2 });
  sf = await startSalesforceStandIn({ pageSize: 2 });
  hs.put('companies', '501', { name: 'Northwind Traders', domain: 'northwind.example' });
  hs.put('companies', '502', { name: 'Globex', domain: 'globex.example' });
  hs.put('companies', '503', { name: 'Initech', domain: null });
  hs.put('deals', '101', {
    dealname: 'Northwind renewal',
    dealstage: 'qualifiedtobuy',
    amount: '12000',
    closedate: '2025-03-31T00:00:00.000Z',
    deal_currency_code: 'EUR',
  });
  hs.put('deals', '102', {
    dealname: 'Globex pilot',
    dealstage: 'contractsent',
    amount: '5000.5',
    closedate: null,
    deal_currency_code: null,
  });
  hs.put('deals', '103', {
    dealname: 'Initech custom stage',
    dealstage: '7734512',
    amount: null,
    closedate: null,
    deal_currency_code: null,
  });
  hs.dealCompanies.set('101', ['501']).set('102', ['502']).set('103', ['503']);
  hs.put('contacts', '201', {
    firstname: 'Ann',
    lastname: 'Lee',
    email: 'Ann.Lee@northwind.example',
    jobtitle: 'CFO',
  });
  hs.put('contacts', '202', {
    firstname: 'Bo',
    lastname: 'Chen',
    email: 'bo@globex.example',
    jobtitle: null,
  });
  hs.put('contacts', '203', { firstname: 'No', lastname: 'Mail', email: null, jobtitle: null });
  hs.contactDeals.set('201', ['101']).set('202', ['102', '103']).set('203', ['101']);

  sf.put('Account', { Id: '001A', Name: 'Contoso', Website: 'https://www.contoso.example/about' });
  sf.put('Account', { Id: '001B', Name: 'Fabrikam', Website: null });
  sf.put('Opportunity', {
    Id: '006A',
    Name: 'Contoso expansion',
    AccountId: '001A',
    StageName: 'Needs Analysis',
    Amount: 40000,
    CloseDate: '2025-06-30',
  });
  sf.put('Opportunity', {
    Id: '006B',
    Name: 'Fabrikam trial',
    AccountId: '001B',
    StageName: 'Prospecting',
    Amount: null,
    CloseDate: null,
  });
  sf.put('Opportunity', {
    Id: '006C',
    Name: 'Contoso support',
    AccountId: '001A',
    StageName: 'Closed Won',
    Amount: 900,
    CloseDate: '2025-02-01',
  });
  sf.put('Contact', {
    Id: '003A',
    Name: 'Dee Diaz',
    Email: 'dee@contoso.example',
    Title: 'VP Sales',
  });
  sf.put('Contact', { Id: '003B', Name: 'Eli Fox', Email: 'eli@fabrikam.example', Title: null });
  sf.put('Contact', {
    Id: '003C',
    Name: 'Gus Hill',
    Email: 'gus@contoso.example',
    Title: 'IT lead',
  });
  sf.roles.push(
    { ContactId: '003A', OpportunityId: '006A', Role: 'Decision Maker' },
    { ContactId: '003B', OpportunityId: '006B', Role: 'Evaluator' },
    { ContactId: '003B', OpportunityId: '006C', Role: null },
    { ContactId: '003C', OpportunityId: '006C', Role: null },
  );

  ctx = await createTestContext({ env: crmEnv(hs, sf) });
  const session = await signIn(ctx, 'poc@acme.parley.local');
  poc = session.accessToken;
  org = session.user.organizationId;
  pocId = session.user.id;
  outsider = (await signUp(ctx, 'poc@outsider.example', { organizationName: 'Outsider Inc' }))
    .accessToken;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await hs?.close();
  await sf?.close();
});

describe('HubSpot', () => {
  let callId: string;

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const back = await connect('hubspot', (u) =>
      u.searchParams.set('state', 'forged-state-value-123456'),
    );
    expect(back.pathname).toBe('/app-integrations');
    expect(back.searchParams.get('crmError')).toBe(CRM_MESSAGES.failed('hubspot'));
    // Without the flow cookie (another browser) it is refused too.
    const noCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/crm/hubspot/callback?code=x&state=y',
    });
    expect(new URL(noCookie.headers.location as string).searchParams.get('crmError')).toBe(
      CRM_MESSAGES.expired('hubspot'),
    );
    expect((await crm('hubspot')).connected).toBe(false);
    expect(hs.seen.filter((s) => s.path === '/oauth/v1/token')).toEqual([]);
  });

  it('connects through OAuth, keeps the tokens sealed, and imports accounts, deals and contacts', async () => {
    // A call whose participant is a HubSpot contact, analysed before the deal existed in Parley.
    callId = await analysedCall(
      'Northwind QBR',
      'ann.lee@northwind.example',
      ['Budget approved.'],
      ['Ann sends the PO by Friday.'],
    );

    const back = await connect('hubspot');
    expect(back.searchParams.get('crm')).toBe('hubspot');
    expect(back.searchParams.get('crmResult')).toBe('connected');

    const done = await imported('hubspot');
    expect(done).toMatchObject({
      connected: true,
      configured: true,
      accountName: 'northwind.example',
      needsReconnect: false,
    });
    expect(done.import).toMatchObject({
      state: 'done',
      error: null,
      counts: { accounts: 3, deals: 3, contacts: 3, meetingsLinked: 1 },
    });
    expect(done.lastImportAt).not.toBeNull();

    // Sealed at rest; never in what members read.
    const [config] = await ctx.database.db
      .select()
      .from(integrationConfigs)
      .where(
        and(eq(integrationConfigs.organizationId, org), eq(integrationConfigs.provider, 'hubspot')),
      );
    expect(config?.secretSealed).toMatch(/^v1\./);
    expect(config?.secretSealed).not.toContain('access-');
    const everything = await call(ctx, 'GET', '/crm', { token: poc });
    expect(everything.body).not.toMatch(/access-|refresh-/);

    const accounts = await storedAccounts('hubspot');
    expect(accounts.map((a) => [a.externalId, a.name, a.domain]).sort()).toEqual([
      ['501', 'Northwind Traders', 'northwind.example'],
      ['502', 'Globex', 'globex.example'],
      ['503', 'Initech', null],
    ]);
    const renewal = await dealByExternal('hubspot', '101');
    expect(renewal).toMatchObject({
      name: 'Northwind renewal',
      stage: 'qualification_stage',
      amount: 12000,
      currency: 'EUR',
      closeDate: '2025-03-31',
    });
    expect(renewal.accountId).toBe(accounts.find((a) => a.externalId === '501')?.id);
    expect(await dealByExternal('hubspot', '102')).toMatchObject({
      stage: 'negotiation_close_stage',
      amount: 5000.5,
    });
    // An unknown pipeline stage leaves Parley's default.
    expect((await dealByExternal('hubspot', '103')).stage).toBe('prospecting_stage');

    // Through the API, as the deals page reads them.
    const list = await call(ctx, 'GET', `/sales/deals/${renewal.id}/contacts`, { token: poc });
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
    const globex = await dealByExternal('hubspot', '103');
    const bo = await ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.dealId, globex.id));
    expect(bo.map((c) => c.email)).toEqual(['bo@globex.example']);

    // Linked by its participant's address.
    const [linked] = await ctx.database.db.select().from(meetings).where(eq(meetings.id, callId));
    expect(linked?.dealId).toBe(renewal.id);
  });

  it('writes one note on the deal after the call is analysed, and updates it on re-analysis', async () => {
    const first = await waitFor(
      async () => ([...hs.notes.values()].length === 1 ? [...hs.notes.entries()] : undefined),
      20_000,
      'the note',
    );
    const [noteId, note] = first[0] ?? ['', { properties: {}, dealIds: [] }];
    expect(note.dealIds).toEqual(['101']);
    expect(note.properties.hs_note_body).toContain('Northwind QBR');
    expect(note.properties.hs_note_body).toContain('<li>Budget approved.</li>');
    expect(note.properties.hs_note_body).toContain('<li>Ann sends the PO by Friday.</li>');
    expect(note.properties.hs_note_body).toContain(`${ctx.config.publicUrl}/library/${callId}`);

    await setInsights(callId, ['Budget approved, & signed.'], ['Ann sends the PO on Monday.']);
    await reanalyse(callId);
    await waitFor(
      async () =>
        hs.notes.get(noteId)?.properties.hs_note_body?.includes('Monday') ? true : undefined,
      20_000,
      'the note to be updated',
    );
    expect(hs.notes.size).toBe(1);
    expect(hs.notes.get(noteId)?.properties.hs_note_body).toContain(
      'Budget approved, &amp; signed.',
    );
    expect(
      hs.seen.filter((s) => s.method === 'POST' && s.path === '/crm/v3/objects/notes'),
    ).toHaveLength(1);
    const kept = await ctx.database.db
      .select()
      .from(crmNotes)
      .where(eq(crmNotes.meetingId, callId));
    expect(kept.map((n) => [n.provider, n.dealExternalId, n.noteExternalId])).toEqual([
      ['hubspot', '101', noteId],
    ]);
  });

  it('imports again only what changed since the last import', async () => {
    const mark = hs.seen.length;
    hs.put('deals', '102', { amount: '7500' });
    const done = await importNow('hubspot');
    expect(done.import?.counts).toEqual({ accounts: 0, deals: 1, contacts: 0, meetingsLinked: 0 });
    const seen = after(hs, mark);
    // One page each, empty for the objects that did not change.
    expect(searches(seen, 'companies')).toHaveLength(1);
    expect(searches(seen, 'contacts')).toHaveLength(1);
    const dealSearch = searches(seen, 'deals');
    expect(dealSearch).toHaveLength(1);
    const filter = (
      dealSearch[0]?.body as { filterGroups: { filters: { operator: string; value: string }[] }[] }
    ).filterGroups[0]?.filters[0];
    expect(filter?.operator).toBe('GT');
    expect(Number(filter?.value)).toBe(hs.deals.find((d) => d.id === '103')?.modified);
    expect((await dealByExternal('hubspot', '102')).amount).toBe(7500);
  });

  it('refreshes an expired token once and carries on', async () => {
    hs.expireTokens();
    const mark = hs.seen.length;
    hs.put('contacts', '202', { firstname: 'Bo', lastname: 'Chen-Park' });
    const [before] = await ctx.database.db
      .select()
      .from(integrationConfigs)
      .where(
        and(eq(integrationConfigs.organizationId, org), eq(integrationConfigs.provider, 'hubspot')),
      );
    const done = await importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', counts: { contacts: 1 } });
    const seen = after(hs, mark);
    expect(seen.map((s) => s.status).slice(0, 3)).toEqual([401, 200, 200]);
    expect(seen[1]).toMatchObject({
      path: '/oauth/v1/token',
      body: expect.objectContaining({ grant_type: 'refresh_token' }),
    });
    expect(seen.filter((s) => s.status === 401)).toHaveLength(1);
    const [later] = await ctx.database.db
      .select()
      .from(integrationConfigs)
      .where(
        and(eq(integrationConfigs.organizationId, org), eq(integrationConfigs.provider, 'hubspot')),
      );
    expect(later?.secretSealed).not.toBe(before?.secretSealed);
    const names = await ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.email, 'bo@globex.example'));
    expect(names.map((c) => c.name)).toEqual(['Bo Chen-Park', 'Bo Chen-Park']);
  });

  it('waits as long as a 429 says, then retries', async () => {
    hs.rateLimit(1, 1);
    const mark = hs.seen.length;
    hs.put('companies', '503', { name: 'Initech Inc' });
    const done = await importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', counts: { accounts: 1 } });
    const seen = after(hs, mark);
    const limited = seen.findIndex((s) => s.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    const retried = seen[limited + 1];
    expect(retried?.path).toBe(seen[limited]?.path);
    expect(retried?.status).toBe(200);
    expect((retried?.at ?? 0) - (seen[limited]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect((await storedAccounts('hubspot')).find((a) => a.externalId === '503')?.name).toBe(
      'Initech Inc',
    );
  });

  it('resumes a failed import from the last saved page', async () => {
    for (const id of ['104', '105', '106', '107', '108']) {
      hs.put('deals', id, {
        dealname: `Bulk deal ${id}`,
        dealstage: 'appointmentscheduled',
        amount: '100',
        closedate: null,
        deal_currency_code: null,
      });
    }
    const mark = hs.seen.length;
    // The second page of deals fails once: the job fails, is retried, and goes on from there.
    hs.failOnce(
      (s) =>
        s.path === '/crm/v3/objects/deals/search' && (s.body as { after?: string }).after === '2',
    );
    const done = await importNow('hubspot');
    expect(done.import).toMatchObject({ state: 'done', error: null, counts: { deals: 5 } });
    const pages = after(hs, mark)
      .filter((s) => s.path === '/crm/v3/objects/deals/search')
      .map((s) => [(s.body as { after?: string }).after ?? 'first', s.status]);
    expect(pages).toEqual([
      ['first', 200],
      ['2', 500],
      ['2', 200],
      ['4', 200],
    ]);
    expect((await storedDeals('hubspot')).length).toBe(8);
  });
});

describe('Salesforce', () => {
  let callId: string;

  it('connects, imports accounts, opportunities and contacts with their roles, and writes the call as a Task', async () => {
    callId = await analysedCall(
      'Contoso discovery',
      'dee@contoso.example',
      ['Needs SSO.'],
      ['Dee books the security review.'],
    );
    const back = await connect('salesforce');
    expect(back.searchParams.get('crmResult')).toBe('connected');
    const done = await imported('salesforce');
    expect(done).toMatchObject({ connected: true, accountName: 'Contoso Ltd' });
    expect(done.import?.counts).toEqual({ accounts: 2, deals: 3, contacts: 3, meetingsLinked: 1 });

    const expansion = await dealByExternal('salesforce', '006A');
    expect(expansion).toMatchObject({
      name: 'Contoso expansion',
      stage: 'discovery_stage',
      amount: 40000,
      closeDate: '2025-06-30',
    });
    const accounts = await storedAccounts('salesforce');
    expect(accounts.map((a) => [a.externalId, a.domain]).sort()).toEqual([
      ['001A', 'contoso.example'],
      ['001B', null],
    ]);
    expect(expansion.accountId).toBe(accounts.find((a) => a.externalId === '001A')?.id);
    const eli = await ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.email, 'eli@fabrikam.example'));
    // The role on each opportunity, else the contact's title (none here).
    expect(eli.map((c) => c.role).sort()).toEqual(['Evaluator', null]);
    const gus = await ctx.database.db
      .select()
      .from(dealContacts)
      .where(eq(dealContacts.email, 'gus@contoso.example'));
    expect(gus.map((c) => [c.name, c.role])).toEqual([['Gus Hill', 'IT lead']]);
    const res = await call(ctx, 'GET', `/sales/deals/${expansion.id}`, { token: poc });
    expect(json<Deal>(res)).toMatchObject({
      source: 'salesforce',
      externalId: '006A',
      meetingsCount: 1,
    });

    const [taskId, task] = await waitFor(
      async () => [...sf.tasks.entries()][0],
      20_000,
      'the task',
    );
    expect(task).toMatchObject({
      WhatId: '006A',
      Status: 'Completed',
      TaskSubtype: 'Call',
      Subject: 'Call: Contoso discovery',
    });
    expect(task.Description).toContain('- Dee books the security review.');
    expect(task.Description).toContain(`/library/${callId}`);

    await setInsights(callId, ['Needs SSO and SCIM.'], []);
    await reanalyse(callId);
    await waitFor(
      async () => (String(sf.tasks.get(taskId)?.Description).includes('SCIM') ? true : undefined),
      20_000,
      'the task update',
    );
    expect(sf.tasks.size).toBe(1);
  });

  it('reads only what changed, refreshes on 401 and waits out a 429', async () => {
    sf.expireTokens();
    sf.rateLimit(1, 1);
    const mark = sf.seen.length;
    sf.put('Opportunity', { Id: '006B', StageName: 'Negotiation/Review', Amount: 2500 });
    const done = await importNow('salesforce');
    expect(done.import?.counts).toEqual({ accounts: 0, deals: 1, contacts: 0, meetingsLinked: 0 });
    expect(await dealByExternal('salesforce', '006B')).toMatchObject({
      stage: 'negotiation_close_stage',
      amount: 2500,
    });
    const seen = after(sf, mark);
    const statuses = seen.map((s) => s.status);
    expect(statuses.slice(0, 3)).toEqual([429, 401, 200]);
    expect(seen[2]).toMatchObject({
      path: '/services/oauth2/token',
      body: expect.objectContaining({ grant_type: 'refresh_token' }),
    });
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    const queries = seen
      .filter((s) => s.path.includes('/query?q='))
      .map((s) => decodeURIComponent(s.path));
    expect(queries.every((q) => q.includes('SystemModstamp >'))).toBe(true);
  });

  it('marks the connection for reconnecting when the refresh is refused', async () => {
    sf.expireTokens();
    sf.revokeRefresh();
    const done = await importNow('salesforce');
    expect(done.import).toMatchObject({
      state: 'failed',
      error: CRM_MESSAGES.reconnect('salesforce'),
    });
    expect(done.needsReconnect).toBe(true);
  });
});

describe('the connection', () => {
  it('is the organisation’s own: another one neither sees nor uses nor removes it', async () => {
    const theirs = await crm('hubspot', outsider);
    expect(theirs).toMatchObject({ connected: false, accountName: null, import: null });
    for (const [method, path] of [
      ['POST', '/hubspot/import'],
      ['DELETE', '/hubspot'],
    ] as const) {
      const res = await call(ctx, method, path, { token: outsider });
      expect(res.statusCode, path).toBe(404);
      expect(json(res).message).toBe(CRM_MESSAGES.notConnected('hubspot'));
    }
    expect((await crm('hubspot')).connected).toBe(true);
  });

  it('disconnects: the tokens and the checkpoint are deleted, the imported rows stay', async () => {
    const res = await call(ctx, 'DELETE', '/hubspot', { token: poc });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(CRM_MESSAGES.disconnected('hubspot'));
    const left = await ctx.database.db
      .select()
      .from(integrationConfigs)
      .where(
        and(eq(integrationConfigs.organizationId, org), eq(integrationConfigs.provider, 'hubspot')),
      );
    expect(left).toEqual([]);
    const syncs = await ctx.database.db
      .select()
      .from(crmSyncs)
      .where(and(eq(crmSyncs.organizationId, org), eq(crmSyncs.provider, 'hubspot')));
    expect(syncs).toEqual([]);
    expect(await crm('hubspot')).toMatchObject({ connected: false, import: null });
    expect((await storedDeals('hubspot')).length).toBe(8);
    expect((await call(ctx, 'DELETE', '/hubspot', { token: poc })).statusCode).toBe(404);
  });
});

describe('a server without CRM credentials', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext();
  }, 60_000);
  afterAll(async () => bare?.close());

  it('says which variables to set, and refuses to connect', async () => {
    const token = (await signIn(bare, 'poc@acme.parley.local')).accessToken;
    const list = json<{ data: CrmStatus[] }>(await call(bare, 'GET', '/crm', { token })).data;
    expect(list.map((s) => [s.provider, s.configured, s.setupHint])).toEqual([
      ['hubspot', false, CRM_MESSAGES.notConfigured('hubspot')],
      ['salesforce', false, CRM_MESSAGES.notConfigured('salesforce')],
    ]);
    expect(CRM_MESSAGES.notConfigured('hubspot')).toContain('HUBSPOT_CLIENT_ID');
    const res = await call(bare, 'POST', '/salesforce/connect', { token });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(CRM_MESSAGES.notConfigured('salesforce'));
  });
});
