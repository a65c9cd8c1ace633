import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES, featureUnavailableMessage, type CrmStatus } from '@parley/contracts';
import { crmSyncs, integrationConfigs } from '../../platform/db/schema.js';
import {
  call,
  createTestContext,
  expectRefusal,
  json,
  signIn,
  type TestContext,
} from '../../test/context.js';
import { startCrmApp, type CrmApp } from '../../test/crm-kit.js';
import { grantBundle } from '../../test/plans-kit.js';

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

describe('the plan', () => {
  it('refuses connecting and importing to an organisation without Sales Intelligence', async () => {
    const before = app.hs.seen.length;
    for (const path of ['/hubspot/connect', '/hubspot/import', '/salesforce/connect']) {
      const res = await call(app.ctx, 'POST', path, { token: app.outsider });
      expectRefusal(res, 403, featureUnavailableMessage('Sales Intelligence'));
      expect(
        res.cookies.find((c) => c.name === 'parley_crm'),
        path,
      ).toBeUndefined();
    }
    // Disconnecting is not a sales feature: without a connection it is simply not found.
    const res = await call(app.ctx, 'DELETE', '/hubspot', { token: app.outsider });
    expect(res.statusCode).toBe(404);
    expect(app.hs.seen.length).toBe(before);
  });
});

describe('the connection', () => {
  it('is the organisation’s own: another one neither sees nor uses nor removes it', async () => {
    // With the feature bought, what stops them is that the connection is not theirs.
    await grantBundle(app.ctx, app.outsiderOrg, 'Sales Suite');
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

  it('disconnects: access revoked at the CRM, the tokens and the checkpoint deleted, the imported rows kept', async () => {
    const imported = (await app.storedDeals('hubspot')).length;
    expect(imported).toBe(3);
    const [refreshToken] = [...app.hs.refreshTokens];
    expect(app.hs.refreshTokens.size).toBe(1);
    const res = await call(app.ctx, 'DELETE', '/hubspot', { token: app.poc });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ message: CRM_MESSAGES.disconnected('hubspot'), revoked: true });
    expect(app.hs.seen.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/oauth/v1/refresh-tokens/${refreshToken ?? ''}`,
      status: 204,
    });
    expect(app.hs.refreshTokens.size).toBe(0);
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

describe('disconnecting when the CRM does not confirm the revocation', () => {
  it('still disconnects here, and says to remove Parley at the CRM', async () => {
    await app.connect('salesforce');
    await app.imported('salesforce');
    const issued = [...app.sf.refreshTokens];
    expect(issued).toHaveLength(1);
    app.sf.failOnce((s) => s.path === '/services/oauth2/revoke');
    const res = await call(app.ctx, 'DELETE', '/salesforce', { token: app.poc });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ message: CRM_MESSAGES.notRevoked('salesforce'), revoked: false });
    expect(app.sf.seen.filter((s) => s.path === '/services/oauth2/revoke')).toMatchObject([
      { method: 'POST', status: 500, body: { token: issued[0] } },
    ]);
    // Gone from Parley; still live at Salesforce, as the message says.
    expect(await app.crm('salesforce')).toMatchObject({ connected: false, import: null });
    expect([...app.sf.refreshTokens]).toEqual(issued);
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
