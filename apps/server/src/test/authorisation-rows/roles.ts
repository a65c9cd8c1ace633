import type { SEEDED_ACCOUNTS } from '../app-kit.js';

/** The accounts and groups of accounts the rows of the authorisation matrix name. */
export type Account = keyof typeof SEEDED_ACCOUNTS;

export const PUBLIC = 'public';

/** Every account: what any signed-in member does with their own meetings and profile. */
export const EVERYONE: readonly Account[] = ['admin', 'poc', 'manager', 'rep', 'member', 'seeker'];
/** The organisation's administrators: its point of contact, and the platform's super admin. */
export const ADMINS: readonly Account[] = ['admin', 'poc'];
/** Who reads the organisation's people and groups: its administrators and sales managers. */
export const PEOPLE_READERS: readonly Account[] = ['admin', 'poc', 'manager'];
/** The hiring team (interviews.manage): users, the point of contact and the super admin. */
export const HIRING: readonly Account[] = ['admin', 'poc', 'member'];
/** Coaching learners (coaching.learn): the sales team, its point of contact, the super admin. */
export const LEARNERS: readonly Account[] = ['admin', 'poc', 'manager', 'rep'];
/** Who follows the team's coaching progress (coaching.team). */
export const COACHES: readonly Account[] = ['admin', 'poc', 'manager'];
/** Who defines the keyword trackers (trackers.manage): administrators and sales managers. */
export const TRACKER_KEEPERS: readonly Account[] = ['admin', 'poc', 'manager'];
/** The sales team (sales.read): reads accounts and deals, its own sales calls, links its calls. */
export const SALES = LEARNERS;
/** Who runs the deals and reads the team's figures (sales.manage, sales.team). */
export const SALES_LEADS: readonly Account[] = ['admin', 'poc', 'manager'];
/** The platform's super admin only. */
export const PLATFORM: readonly Account[] = ['admin'];

/** The super admin's catalogue (spec 3 §7 Features, credit slabs, bundles): theirs alone. */
export const catalogueRows = (base: string) => ({
  [`GET /${base}/count`]: PLATFORM,
  [`GET /${base}/query`]: PLATFORM,
  [`GET /${base}`]: PLATFORM,
  [`POST /${base}`]: PLATFORM,
  [`PATCH /${base}/:id`]: PLATFORM,
  [`DELETE /${base}/:id`]: PLATFORM,
});

/** One area's rows: each route to the accounts that may call it, or PUBLIC. */
export type Rows = Record<string, readonly Account[] | typeof PUBLIC>;
