import { and, eq, isNull, sql } from 'drizzle-orm';
import { FEATURES, POSITIONS, toMinorUnits } from '@parley/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { NewUser } from '../users/index.js';
import { seedAvatarLibrary } from './avatars.js';
import {
  bundleFeatures,
  bundles,
  creditSlabs,
  features,
  organizations,
  planBundles,
  plans,
  users,
} from '../../platform/db/schema.js';
import {
  BUNDLES,
  CREDIT_SLABS,
  DEMO_ORG_NAME,
  DEMO_PLAN_BUNDLES,
  FEATURE_DESCRIPTIONS,
  FEATURE_PRICES,
  PLATFORM_ORG_NAME,
  TALENT_POOL_ORG_NAME,
} from './catalogue.js';
import { seedTalentPool } from './talent-pool.js';

function minorOf(amount: string, currency: string): number {
  const minor = toMinorUnits(amount, currency);
  if (minor === null) throw new Error(`seed price ${amount} is not an amount`);
  return minor;
}

export interface SeededAccount {
  email: string;
  label: string;
}

async function ensureOrganization(
  db: Db,
  name: string,
  flags: { isB2C: boolean; isPlatform?: boolean },
) {
  const [found] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, name))
    .limit(1);
  if (found && flags.isPlatform && !found.isPlatform) {
    // Databases seeded before the flag existed: their platform organisation gets it now.
    const [marked] = await db
      .update(organizations)
      .set({ isPlatform: true })
      .where(eq(organizations.id, found.id))
      .returning();
    return marked ?? found;
  }
  if (found) return found;
  const [created] = await db
    .insert(organizations)
    .values({ name, ...flags })
    .returning();
  if (!created) throw new Error(`could not create organisation ${name}`);
  return created;
}

async function ensureUser(db: Db, values: NewUser) {
  await db.insert(users).values(values).onConflictDoNothing({ target: users.email });
}

/** Any constant shared by every process; it names the lock seeding runs under. */
const SEED_LOCK = 7_041_998;

/**
 * Idempotent: safe on every start; it only adds what is missing. Processes starting together
 * (api and worker) seed one after the other, or both would add the organisations and plan.
 */
export async function seed(db: Db, config: AppConfig): Promise<SeededAccount[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    return seedUnlocked(tx, config);
  });
}

async function seedUnlocked(db: Db, config: AppConfig): Promise<SeededAccount[]> {
  for (const name of FEATURES) {
    await db
      .insert(features)
      .values({
        name,
        description: FEATURE_DESCRIPTIONS[name],
        priceMinor: minorOf(FEATURE_PRICES[name], config.currency),
        currency: config.currency,
      })
      .onConflictDoNothing({ target: features.name });
  }
  const featureRows = await db.select({ id: features.id, name: features.name }).from(features);
  const featureId = new Map(featureRows.map((f) => [f.name, f.id]));

  for (const b of BUNDLES) {
    await db
      .insert(bundles)
      .values({ name: b.name, description: b.description })
      .onConflictDoNothing({ target: bundles.name });
    const [bundle] = await db.select().from(bundles).where(eq(bundles.name, b.name));
    if (!bundle) continue;
    for (const f of b.features) {
      const id = featureId.get(f);
      if (id)
        await db
          .insert(bundleFeatures)
          .values({ bundleId: bundle.id, featureId: id })
          .onConflictDoNothing();
    }
  }

  // Slabs only on a first start: one the super admin deleted stays deleted.
  const [anySlab] = await db.select({ id: creditSlabs.id }).from(creditSlabs).limit(1);
  if (!anySlab) {
    await db
      .insert(creditSlabs)
      .values(
        CREDIT_SLABS.map((s) => ({
          credits: s.credits,
          priceMinor: minorOf(s.price, config.currency),
          currency: config.currency,
          discountPercent: s.discountPercent,
        })),
      )
      .onConflictDoNothing({ target: creditSlabs.credits });
  }

  await seedAvatarLibrary(db);
  await seedTalentPool(db);

  const platform = await ensureOrganization(db, PLATFORM_ORG_NAME, {
    isB2C: false,
    isPlatform: true,
  });
  const acme = await ensureOrganization(db, DEMO_ORG_NAME, { isB2C: false });
  const talentPool = await ensureOrganization(db, TALENT_POOL_ORG_NAME, { isB2C: true });

  if (!acme.planId) {
    const chosen: readonly string[] = config.demoBundles ?? DEMO_PLAN_BUNDLES;
    const demoBundles = (await db.select().from(bundles)).filter((b) => chosen.includes(b.name));
    const demoFeatures = new Set(
      BUNDLES.filter((b) => chosen.includes(b.name)).flatMap((b) => b.features),
    );
    const totalMinor = [...demoFeatures].reduce(
      (sum, f) => sum + minorOf(FEATURE_PRICES[f], config.currency),
      0,
    );
    const [plan] = await db
      .insert(plans)
      .values({
        organizationId: acme.id,
        name: 'Acme Growth',
        type: 'subscription',
        status: 'active',
        totalMinor,
        currency: config.currency,
        remainingCredits: 600,
        freeMeetingCredits: 60,
        activatedAt: new Date(),
        endDate: new Date(Date.now() + 365 * 24 * 3600 * 1000),
      })
      .returning();
    if (!plan) throw new Error('could not create the demo plan');
    for (const b of demoBundles) {
      await db
        .insert(planBundles)
        .values({ planId: plan.id, bundleId: b.id })
        .onConflictDoNothing();
    }
    await db.update(organizations).set({ planId: plan.id }).where(eq(organizations.id, acme.id));
  }

  const e = config.seedEmails;
  const accounts = [
    {
      organizationId: platform.id,
      email: e.superadmin,
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'superadmin' as const,
      position: null,
      label: 'super admin',
    },
    {
      organizationId: acme.id,
      email: e.poc,
      firstName: 'Paula',
      lastName: 'Contact',
      role: 'poc' as const,
      position: null,
      label: 'point of contact, Acme Corp',
    },
    {
      organizationId: acme.id,
      email: e.user,
      firstName: 'Uma',
      lastName: 'User',
      role: 'user' as const,
      position: null,
      label: 'user, Acme Corp',
    },
    {
      organizationId: acme.id,
      email: e.manager,
      firstName: 'Manny',
      lastName: 'Manager',
      role: 'salesManager' as const,
      position: POSITIONS.salesManager,
      label: 'sales manager, Acme Corp',
    },
    {
      organizationId: acme.id,
      email: e.rep,
      firstName: 'Remy',
      lastName: 'Rep',
      role: 'salesRep' as const,
      position: POSITIONS.salesRep,
      label: 'sales rep, Acme Corp',
    },
    {
      organizationId: talentPool.id,
      email: e.seeker,
      firstName: 'Sam',
      lastName: 'Seeker',
      role: 'talentPoolUser' as const,
      position: POSITIONS.b2cUser,
      label: 'talent pool (job seeker)',
    },
  ];
  for (const { label: _label, ...values } of accounts) await ensureUser(db, values);
  // The demo rep reports to the demo manager, who then follows their calls and coaching.
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, e.manager));
  if (manager) {
    await db
      .update(users)
      .set({ salesManagerId: manager.id })
      .where(and(eq(users.email, e.rep), isNull(users.salesManagerId)));
  }
  return accounts.map((a) => ({ email: a.email, label: a.label }));
}
