import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CrmProvider, CrmStatus } from '@parley/contracts';
import { deals, meetingInsights, salesAccounts, users } from '../platform/db/schema.js';
import { call, createTestContext, json, signIn, signUp, type TestContext } from './context.js';
import { crmEnv, type Seen } from './crm-stand-in.js';
import { startHubSpotStandIn, type HubSpotStandIn } from './hubspot-stand-in.js';
import { waitFor } from './media.js';
import { startSalesforceStandIn, type SalesforceStandIn } from './salesforce-stand-in.js';
import { insertMeeting, saveTranscript } from './transcripts-kit.js';

export type { Seen } from './crm-stand-in.js';
export type { HubSpotStandIn } from './hubspot-stand-in.js';
export type { SalesforceStandIn } from './salesforce-stand-in.js';

/**
 * The CRM records the tests start from: three of each object in each CRM, with deal owners
 * who are a member of the demo organisation, someone Parley does not know, and the point of
 * contact of another organisation.
 */
export function seedStandIns(hs: HubSpotStandIn, sf: SalesforceStandIn): void {
  hs.owners
    .set('71', { email: 'Rep@Acme.parley.local', firstName: 'Rae', lastName: 'Rep' })
    .set('72', { email: 'lee@northwind-sales.example', firstName: 'Lee', lastName: 'Lo' })
    .set('73', { email: 'poc@outsider.example', firstName: 'Oz', lastName: 'Out' });
  hs.put('companies', '501', { name: 'Northwind Traders', domain: 'northwind.example' });
  hs.put('companies', '502', { name: 'Globex', domain: 'globex.example' });
  hs.put('companies', '503', { name: 'Initech', domain: null });
  hs.put('deals', '101', {
    dealname: 'Northwind renewal',
    dealstage: 'qualifiedtobuy',
    amount: '12000',
    closedate: '2025-03-31T00:00:00.000Z',
    deal_currency_code: 'EUR',
    hubspot_owner_id: '71',
  });
  hs.put('deals', '102', {
    dealname: 'Globex pilot',
    dealstage: 'contractsent',
    amount: '5000.5',
    closedate: null,
    deal_currency_code: null,
    hubspot_owner_id: '72',
  });
  hs.put('deals', '103', {
    dealname: 'Initech custom stage',
    dealstage: '7734512',
    amount: null,
    closedate: null,
    deal_currency_code: null,
    hubspot_owner_id: '73',
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

  sf.users.push(
    { Id: '005A', Email: 'manager@acme.parley.local' },
    { Id: '005B', Email: 'poc@outsider.example' },
  );
  sf.put('Account', { Id: '001A', Name: 'Contoso', Website: 'https://www.contoso.example/about' });
  sf.put('Account', { Id: '001B', Name: 'Fabrikam', Website: null });
  sf.put('Opportunity', {
    Id: '006A',
    Name: 'Contoso expansion',
    AccountId: '001A',
    StageName: 'Needs Analysis',
    Amount: 40000,
    CloseDate: '2025-06-30',
    OwnerId: '005A',
  });
  sf.put('Opportunity', {
    Id: '006B',
    Name: 'Fabrikam trial',
    AccountId: '001B',
    StageName: 'Prospecting',
    Amount: null,
    CloseDate: null,
    OwnerId: '005B',
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
}

/**
 * An app pointed at both stand-ins (seeded, paging by two so every import reads several
 * pages), the demo organisation's point of contact signed in, and what the CRM tests do to it.
 */
export async function startCrmApp(opts: { env?: Record<string, string> } = {}) {
  const hs = await startHubSpotStandIn({ pageSize: 2 });
  const sf = await startSalesforceStandIn({ pageSize: 2 });
  seedStandIns(hs, sf);
  const ctx: TestContext = await createTestContext({ env: { ...crmEnv(hs, sf), ...opts.env } });
  const session = await signIn(ctx, 'poc@acme.parley.local');
  const poc = session.accessToken;
  const org = session.user.organizationId;
  const pocId = session.user.id;
  // The point of contact of another organisation, which has no plan (and no sales features).
  const other = await signUp(ctx, 'poc@outsider.example', { organizationName: 'Outsider Inc' });
  const outsider = other.accessToken;
  const outsiderOrg = other.user.organizationId;

  const crm = async (p: CrmProvider, token = poc): Promise<CrmStatus> => {
    const res = await call(ctx, 'GET', '/crm', { token });
    expect(res.statusCode, res.body).toBe(200);
    const found = json<{ data: CrmStatus[] }>(res).data.find((s) => s.provider === p);
    if (!found) throw new Error(`no ${p} in /crm`);
    return found;
  };

  /** Waits for the import to end (done or failed) after `finishedAfter` (ISO), and returns the status. */
  const imported = (p: CrmProvider, finishedAfter?: string) =>
    waitFor(
      async () => {
        const s = await crm(p);
        const i = s.import;
        if (!i || (i.state !== 'done' && i.state !== 'failed')) return undefined;
        if (finishedAfter && (i.finishedAt ?? '') <= finishedAfter) return undefined;
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

  const ofSource = <T extends typeof salesAccounts | typeof deals>(table: T, source: CrmProvider) =>
    and(eq(table.organizationId, org), eq(table.source, source));

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

  async function userId(email: string) {
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
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

  /**
   * A call whose speaker was named with `email`: analysed, with a summary and action items,
   * unless `insights` is null (uploaded, not analysed yet: no note is due).
   */
  async function callWith(
    name: string,
    email: string,
    insights: { summary: string[]; actions: string[] } | null,
  ) {
    const id = await insertMeeting(ctx, org, pocId, name, {
      sourceKey: `${name}.mp4`,
      playbackKey: `${name}.mp4`,
      additionalDetails: { speaker_00: 'Pat Poc', speaker_01: email },
      ...(insights ? {} : { inferenceStatus: 'uploaded' as const }),
    });
    if (insights) {
      await saveTranscript(ctx, id, org);
      await setInsights(id, insights.summary, insights.actions);
    }
    return id;
  }

  return {
    ctx,
    hs,
    sf,
    poc,
    org,
    pocId,
    outsider,
    outsiderOrg,
    crm,
    imported,
    importNow,
    connect,
    dealByExternal,
    userId,
    setInsights,
    callWith,
    storedAccounts: (source: CrmProvider) =>
      ctx.database.db.select().from(salesAccounts).where(ofSource(salesAccounts, source)),
    storedDeals: (source: CrmProvider) =>
      ctx.database.db.select().from(deals).where(ofSource(deals, source)),
    async reanalyse(meetingId: string) {
      const res = await call(ctx, 'POST', '/offline/re-analyze', {
        token: poc,
        payload: { meetingId, stage: 'finish' },
      });
      expect(res.statusCode, res.body).toBe(202);
    },
    async close() {
      await ctx.close();
      await hs.close();
      await sf.close();
    },
  };
}
export type CrmApp = Awaited<ReturnType<typeof startCrmApp>>;

/** The requests a stand-in saw since `mark` (its request count before). */
export const after = (stand: { seen: Seen[] }, mark: number) => stand.seen.slice(mark);
