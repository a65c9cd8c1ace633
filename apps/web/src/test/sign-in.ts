import { DEFAULT_ROLE_PERMISSIONS, type AuthSuccess } from '@parley/contracts';
import { setAuthenticated } from '../lib/auth-store';

/**
 * Tests only: what sign-in answers for Ada, a poc of 'Org'. `plan: null` for an organisation
 * without one; `bundles` are the features its plan holds.
 */
export function authSuccess(
  opts: { id?: string; token?: string; organizationId?: string; isB2C?: boolean } & (
    { bundles: string[] } | { plan: null }
  ),
): AuthSuccess {
  const { id = 'u1', token = 't', organizationId = 'o', isB2C = false } = opts;
  return {
    accessToken: token,
    authProvider: 'plain',
    user: {
      id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'poc',
      permissions: [...DEFAULT_ROLE_PERMISSIONS.poc],
      customRole: null,
      position: null,
      profileImageUrl: null,
      b2cConsent: false,
      organizationId,
      organization: {
        id: organizationId,
        name: 'Org',
        isB2C,
        isPlatform: false,
        defaultCloud: null,
        organizationProfileUrl: null,
      },
      plan:
        'plan' in opts
          ? null
          : {
              id: 'p',
              name: 'Plan',
              type: 'monthly',
              endDate: null,
              remainingCredits: 1,
              freeMeetingCredits: 0,
              currentBundles: opts.bundles.map((name) => ({ id: name, name, features: [] })),
              bundleIds: [],
            },
    },
  };
}

/** Tests only: signs a poc in whose organisation holds the given bundles. */
export function signInWith(bundles: string[], opts: { id?: string; isB2C?: boolean } = {}): void {
  setAuthenticated(authSuccess({ ...opts, bundles }));
}
