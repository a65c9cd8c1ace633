import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { DEFAULT_ROLE_PERMISSIONS, type Role } from '@parley/contracts';
import { CONFIGURATION_TABS } from '../features/configuration';
import { authSuccess } from '../test/sign-in';
import { decideRoute } from './guard';
import { routes } from './routes';

/** The page a path opens: the deepest route's path ('*' is the not-found page). */
const pageOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

const user = (role: Role) => ({
  role,
  position: null,
  permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
  b2cConsent: true,
  plan: authSuccess({ bundles: [] }).user.plan,
});

describe('the Configuration tabs', () => {
  it('each open a page of their own, not the not-found page', () => {
    for (const tab of CONFIGURATION_TABS) {
      const path = tab.to.split('#')[0]!;
      expect(pageOf(path), tab.label).toBe(path.slice(1));
    }
  });

  it('each open for the roles that see them, without being sent away', () => {
    for (const role of ['superadmin', 'poc', 'user', 'salesManager', 'salesRep'] as const) {
      const held = DEFAULT_ROLE_PERMISSIONS[role];
      for (const tab of CONFIGURATION_TABS) {
        if ('permission' in tab && !held.includes(tab.permission)) continue;
        const decision = decideRoute({
          pathname: tab.to,
          status: 'success',
          user: user(role),
          scope: 'sidebar',
        });
        expect(decision, `${role} → ${tab.label}`).toEqual({ kind: 'allow' });
      }
    }
  });
});
