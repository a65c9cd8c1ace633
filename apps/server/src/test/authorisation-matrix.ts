import { ACCOUNT_ROWS } from './authorisation-rows/accounts.js';
import { MEETING_ROWS } from './authorisation-rows/meetings.js';
import { PLATFORM_ROWS } from './authorisation-rows/platform.js';
import { PUBLIC, type Account, type Rows } from './authorisation-rows/roles.js';
import { TEAM_ROWS } from './authorisation-rows/teams.js';

/**
 * Who may call which route: the readable table of issue 12 item 6, kept by hand. It is NOT
 * computed from the contracts' permissions: it states what the product intends, and the test
 * (platform/http/authorisation-matrix.test.ts) checks the server against it, so a permission
 * given to the wrong route, or a role given the wrong permission, shows up as a difference.
 *
 * Each route `METHOD /path` (path as in its contract) maps to the seeded accounts whose role
 * may call it, or to PUBLIC for the calls made without a bearer token. The accounts are the
 * six default roles: admin (superadmin), poc, manager (salesManager), rep (salesRep),
 * member (user) and seeker (talentPoolUser, a B2C individual). The outsider (the point of
 * contact of another organisation) is expected to pass or fail exactly as `poc` does: a
 * permission is about the role; which rows a caller reaches is the repositories' business,
 * which the test's second part checks (404 for another organisation's ids).
 *
 * A route in the contracts with no row here fails the test by name: add the row. The rows are
 * kept by area in authorisation-rows/; a route named in two areas fails here at import.
 */

export { PUBLIC, type Account };

/** The areas' rows as one table; one object literal would refuse a repeated key, so this does. */
function merged(...areas: Rows[]): Rows {
  const all: Rows = {};
  for (const rows of areas) {
    for (const [route, who] of Object.entries(rows)) {
      if (route in all) throw new Error(`${route} has a row in two areas of the matrix.`);
      all[route] = who;
    }
  }
  return all;
}

export const AUTHORISATION_MATRIX: Rows = merged(
  ACCOUNT_ROWS,
  MEETING_ROWS,
  TEAM_ROWS,
  PLATFORM_ROWS,
);
