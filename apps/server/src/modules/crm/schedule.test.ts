import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundles,
  crmSyncs,
  dealContacts,
  organizations,
  planBundles,
} from '../../platform/db/schema.js';
import { startCrmApp, type CrmApp } from '../../test/crm-kit.js';
import { waitFor } from '../../test/media.js';

/**
 * The automatic imports (CRM_IMPORT_EVERY_MINUTES, here about every second): only what
 * changed, with the contacts of the deals each run saved read again, and every deal's once a
 * day, since putting a contact on a deal changes no record's last-modified mark.
 */

let app: CrmApp;

beforeAll(async () => {
  app = await startCrmApp({ env: { CRM_IMPORT_EVERY_MINUTES: '0.02' } });
  await app.connect('hubspot');
  await app.imported('hubspot');
}, 60_000);
afterAll(async () => app?.close());

/** Read from the database: the clock moves a day on, past the access token's life. */
const sync = async () => {
  const [row] = await app.ctx.database.db
    .select()
    .from(crmSyncs)
    .where(and(eq(crmSyncs.organizationId, app.org), eq(crmSyncs.provider, 'hubspot')));
  if (!row) throw new Error('no sync');
  return row;
};

const emailsOn = async (externalId: string) => {
  const deal = await app.dealByExternal('hubspot', externalId);
  const rows = await app.ctx.database.db
    .select()
    .from(dealContacts)
    .where(eq(dealContacts.dealId, deal.id));
  return rows.map((c) => c.email).sort();
};

/** No run queued or running (one may start again at the next tick). */
const settled = () =>
  waitFor(
    async () => (['done', 'failed'].includes((await sync()).state) ? true : undefined),
    20_000,
    'the run to end',
  );

/** The end of the next automatic run after now. */
const nextRun = async () => {
  const before = (await sync()).finishedAt?.getTime() ?? 0;
  await waitFor(
    async () => ((await sync()).finishedAt?.getTime() ?? 0) > before || undefined,
    20_000,
    'an automatic import',
  );
};

describe('automatic imports', () => {
  it('bring in what changed without anyone asking', async () => {
    app.hs.put('deals', '102', { amount: '8000' });
    await waitFor(
      async () => ((await app.dealByExternal('hubspot', '102')).amount === 8000 ? true : undefined),
      20_000,
      'the changed amount',
    );
    // The run that saved it goes on to read the deal's contacts again: let it end.
    await settled();
  });

  it('read again the contacts of the deals they saved, and every deal’s a day after the last', async () => {
    const ann = 'ann.lee@northwind.example';
    // Ann is put on Globex's and Initech's deals; only Initech's deal changes besides.
    app.hs.contactDeals.set('201', ['101', '102', '103']);
    app.hs.put('deals', '103', { amount: '300' });
    await waitFor(
      async () => ((await emailsOn('103')).includes(ann) ? true : undefined),
      20_000,
      'Ann on the changed deal',
    );
    await nextRun();
    expect(await emailsOn('102')).not.toContain(ann);

    // A day on, the automatic import reads every deal's contacts again.
    app.ctx.clock.advance(25 * 3600_000);
    await waitFor(
      async () => ((await emailsOn('102')).includes(ann) ? true : undefined),
      20_000,
      'Ann on the unchanged deal',
    );
  });

  it('stop for an organisation whose plan no longer has Sales Intelligence', async () => {
    const [org] = await app.ctx.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, app.org));
    const [suite] = await app.ctx.database.db
      .select()
      .from(bundles)
      .where(eq(bundles.name, 'Sales Suite'));
    if (!org?.planId || !suite) throw new Error('the demo plan has no Sales Suite');
    await app.ctx.database.db
      .delete(planBundles)
      .where(and(eq(planBundles.planId, org.planId), eq(planBundles.bundleId, suite.id)));
    // A run asked for before the plan changed may still come: let it end.
    await new Promise((r) => setTimeout(r, 2500));
    await settled();
    const last = (await sync()).finishedAt?.getTime();
    app.hs.put('deals', '102', { amount: '9000' });
    await new Promise((r) => setTimeout(r, 4000));
    expect((await sync()).finishedAt?.getTime()).toBe(last);
    expect((await app.dealByExternal('hubspot', '102')).amount).toBe(8000);
  });
});
