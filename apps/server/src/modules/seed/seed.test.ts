import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '@parley/contracts';
import {
  bundleFeatures,
  bundles,
  features,
  organizations,
  planBundles,
  plans,
  users,
} from '../../platform/db/schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { seed } from './seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(); // already seeded once
});
afterAll(async () => ctx.close());

const SEEDED = [
  ['admin@parley.local', 'superadmin', null],
  ['poc@acme.parley.local', 'poc', null],
  ['user@acme.parley.local', 'user', null],
  ['manager@acme.parley.local', 'salesManager', 'Sales Manager'],
  ['rep@acme.parley.local', 'salesRep', 'Sales Rep'],
  ['seeker@parley.local', 'talentPoolUser', 'B2CUSER'],
] as const;

async function snapshot() {
  const db = ctx.database.db;
  return {
    users: await db.select().from(users),
    organizations: await db.select().from(organizations),
    features: await db.select().from(features),
    bundles: await db.select().from(bundles),
    bundleFeatures: await db.select().from(bundleFeatures),
    plans: await db.select().from(plans),
    planBundles: await db.select().from(planBundles),
  };
}

describe('seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = await snapshot();
    const accounts = await seed(ctx.database.db, ctx.config);
    await seed(ctx.database.db, ctx.config);
    const after = await snapshot();

    expect(accounts.map((a) => a.email).sort()).toEqual(SEEDED.map(([e]) => e).sort());
    for (const [email] of SEEDED)
      expect(after.users.filter((u) => u.email === email)).toHaveLength(1);
    expect(after.features.map((f) => f.name).sort()).toEqual([...FEATURES].sort());
    expect(after.bundles.map((b) => b.name).sort()).toEqual([
      'Essentials',
      'Interview Intelligence',
      'Sales Suite',
    ]);
    expect(after.plans).toHaveLength(1);
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    expect(names(after.organizations)).toEqual(['Acme Corp', 'Parley', 'Parley Talent Pool']);
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      expect(after[key].length, key).toBe(before[key].length);
    }
  });

  it('puts every feature in a bundle, and gives the demo organisation its plan with two bundles', async () => {
    const {
      bundleFeatures: bf,
      features: fs,
      plans: ps,
      planBundles: pb,
      bundles: bs,
      organizations: os,
    } = await snapshot();
    expect(new Set(bf.map((x) => x.featureId))).toEqual(new Set(fs.map((f) => f.id)));
    const acme = os.find((o) => o.name === 'Acme Corp');
    const plan = ps[0];
    expect(plan).toMatchObject({ name: 'Acme Growth', organizationId: acme?.id });
    expect(acme?.planId).toBe(plan?.id);
    const planBundleNames = pb
      .filter((x) => x.planId === plan?.id)
      .map((x) => bs.find((b) => b.id === x.bundleId)?.name)
      .sort();
    expect(planBundleNames).toEqual(['Essentials', 'Sales Suite']);
  });

  it('gives each seeded account its role, position and organisation', async () => {
    const db = ctx.database.db;
    for (const [email, role, position] of SEEDED) {
      const [row] = await db
        .select({ role: users.role, position: users.position, org: organizations })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.email, email));
      expect(row, email).toMatchObject({ role, position });
      const expectedOrg =
        email === 'admin@parley.local'
          ? 'Parley'
          : email === 'seeker@parley.local'
            ? 'Parley Talent Pool'
            : 'Acme Corp';
      expect(row?.org.name, email).toBe(expectedOrg);
      expect(row?.org.isB2C, email).toBe(email === 'seeker@parley.local');
    }
  });

  it('adds each thing once when two processes seed an empty database at the same time', async () => {
    const empty = await createTestContext({ seed: false });
    try {
      expect(await empty.database.db.select().from(users)).toHaveLength(0);
      await Promise.all([
        seed(empty.database.db, empty.config),
        seed(empty.database.db, empty.config),
      ]);
      const db = empty.database.db;
      expect(await db.select().from(organizations)).toHaveLength(3);
      expect(await db.select().from(plans)).toHaveLength(1);
      expect(await db.select().from(users)).toHaveLength(SEEDED.length);
      expect(await db.select().from(features)).toHaveLength(FEATURES.length);
    } finally {
      await empty.close();
    }
  });
});
