import { afterAll, beforeAll } from 'vitest';
import { createTestContext, signIn, signUp, type SignedIn, type TestContext } from './context.js';

/** The seeded people tests act as (modules/seed), by what they are in the tests. */
export const SEEDED_ACCOUNTS = {
  /** A user (role user) of Acme, the seeded organisation. */
  member: 'user@acme.parley.local',
  poc: 'poc@acme.parley.local',
  manager: 'manager@acme.parley.local',
  rep: 'rep@acme.parley.local',
  /** A B2C individual: another organisation, with every feature. */
  seeker: 'seeker@parley.local',
  /** The super admin. */
  admin: 'admin@parley.local',
} as const;

/** Someone who signs up a team of their own ('Elsewhere'): the other tenant of tenancy tests. */
export const OUTSIDER = { email: 'lead@elsewhere.example', organizationName: 'Elsewhere' };

export type TestAccount = keyof typeof SEEDED_ACCOUNTS | 'outsider';

/** What a file's set-up gets: the app, and sign-in as any test account. */
export interface TestAppSetup {
  ctx: TestContext;
  /** Signs the account in; the outsider is signed up, so ask for it once. */
  as(account: TestAccount): Promise<SignedIn>;
}

/** The app of the test file using useTestApp; set before the file's first test. */
export let ctx: TestContext;

/**
 * One seeded app for a test file: created before its tests (then `setup` runs: sign-ins,
 * rows the tests share) and closed after them. `ctx` above is a live binding to it.
 */
export function useTestApp(
  setup?: (app: TestAppSetup) => Promise<void>,
  options: Parameters<typeof createTestContext>[0] = {},
): void {
  beforeAll(async () => {
    ctx = await createTestContext(options);
    const as = (account: TestAccount) =>
      account === 'outsider'
        ? signUp(ctx, OUTSIDER.email, { organizationName: OUTSIDER.organizationName })
        : signIn(ctx, SEEDED_ACCOUNTS[account]);
    await setup?.({ ctx, as });
  });
  afterAll(async () => ctx?.close());
}

/**
 * useTestApp with these accounts signed in before the first test: `const who =
 * useSignedInApp(['poc', 'member'])`, then `who.poc.accessToken` in the tests. `setup` runs
 * after the sign-ins, for rows the tests share.
 */
export function useSignedInApp<A extends TestAccount>(
  accounts: readonly A[],
  setup?: (app: TestAppSetup & { who: Record<A, SignedIn> }) => Promise<void>,
  options: Parameters<typeof createTestContext>[0] = {},
): Record<A, SignedIn> {
  const who = {} as Record<A, SignedIn>;
  useTestApp(async (app) => {
    for (const account of accounts) who[account] = await app.as(account);
    await setup?.({ ...app, who });
  }, options);
  return who;
}
