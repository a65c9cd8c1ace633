import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES, type CrmStatus } from '@parley/contracts';
import { crmSyncs, integrationConfigs } from '../../platform/db/schema.js';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';
import { startCrmApp, type CrmApp } from '../../test/crm-kit.js';

/**
 * Issue 16 item 7, the connection: OAuth 2 against the local HubSpot stand-in with the state
 * bound to the browser, tokens sealed at rest, each organisation's own, and disconnecting.
 */

let app: CrmApp;

beforeAll(async () => {
  app = await startCrmApp();
}, 60_000);
afterAll(async () => app?.close());

const storedConfig = async () => {
  const [row] = await app.ctx.database.db
    .select()
    .from(integrationConfigs)
    .where(
      and(
        eq(integrationConfigs.organizationId, app.org),
        eq(integrationConfigs.provider, 'hubspot'),
      ),
    );
  return row;
};

describe('connecting', () => {
  it('refuses a callback whose state is not the one this browser was given', async () => {
    const back = await app.connect('hubspot', (u) =>
      u.searchParams.set('state', 'forged-state-value-123456'),
    );
    expect(back.pathname).toBe('/app-integrations');
    expect(back.searchParams.get('crmError')).toBe(CRM_MESSAGES.failed('hubspot'));
    // Without the flow cookie (another browser) it is refused too.
    const noCookie = await app.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/crm/hubspot/callback?code=x&state=y',
    });
    expect(new URL(noCookie.headers.location as string).searchParams.get('crmError')).toBe(
      CRM_MESSAGES.expired('hubspot'),
    );
    expect((await app.crm('hubspot')).connected).toBe(false);
    expect(app.hs.seen.filter((s) => s.path === '/oauth/v1/token')).toEqual([]);
  });

  it('connects through OAuth, keeps the tokens sealed, and starts the first import', async () => {
    const back = await app.connect('hubspot');
    expect(back.searchParams.get('crm')).toBe('hubspot');
    expect(back.searchParams.get('crmResult')).toBe('connected');

    const done = await app.imported('hubspot');
    expect(done).toMatchObject({
      connected: true,
      configured: true,
      accountName: 'northwind.example',
      needsReconnect: false,
    });
    expect(done.import).toMatchObject({ state: 'done', error: null });
    expect(done.lastImportAt).not.toBeNull();

    // Sealed at rest; never in what members read.
    const config = await storedConfig();
    expect(config?.secretSealed).toMatch(/^v1\./);
    expect(config?.secretSealed).not.toContain('access-');
    const everything = await call(app.ctx, 'GET', '/crm', { token: app.poc });
    expect(everything.body).not.toMatch(/access-|refresh-/);
  });
});

describe('the connection', () => {
  it('is the organisation’s own: another one neither sees nor uses nor removes it', async () => {
    const theirs = await app.crm('hubspot', app.outsider);
    expect(theirs).toMatchObject({ connected: false, accountName: null, import: null });
    for (const [method, path] of [
      ['POST', '/hubspot/import'],
      ['DELETE', '/hubspot'],
    ] as const) {
      const res = await call(app.ctx, method, path, { token: app.outsider });
      expect(res.statusCode, path).toBe(404);
      expect(json(res).message).toBe(CRM_MESSAGES.notConnected('hubspot'));
    }
    expect((await app.crm('hubspot')).connected).toBe(true);
  });

  it('disconnects: the tokens and the checkpoint are deleted, the imported rows stay', async () => {
    const imported = (await app.storedDeals('hubspot')).length;
    expect(imported).toBe(3);
    const res = await call(app.ctx, 'DELETE', '/hubspot', { token: app.poc });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(CRM_MESSAGES.disconnected('hubspot'));
    expect(await storedConfig()).toBeUndefined();
    const syncs = await app.ctx.database.db
      .select()
      .from(crmSyncs)
      .where(and(eq(crmSyncs.organizationId, app.org), eq(crmSyncs.provider, 'hubspot')));
    expect(syncs).toEqual([]);
    expect(await app.crm('hubspot')).toMatchObject({ connected: false, import: null });
    expect((await app.storedDeals('hubspot')).length).toBe(imported);
    expect((await call(app.ctx, 'DELETE', '/hubspot', { token: app.poc })).statusCode).toBe(404);
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
