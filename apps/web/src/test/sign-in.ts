import { DEFAULT_ROLE_PERMISSIONS, type AuthSuccess } from '@parley/contracts';
import { setAuthenticated } from '../lib/auth-store';

/** Tests only: signs a poc in whose organisation holds the given bundles. */
export function signInWith(bundles: string[], opts: { id?: string; isB2C?: boolean } = {}): void {
  const { id = 'u1', isB2C = false } = opts;
  const result: AuthSuccess = {
    accessToken: 't',
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
      organizationId: 'o',
      organization: {
        id: 'o',
        name: 'Org',
        isB2C,
        defaultCloud: null,
        organizationProfileUrl: null,
      },
      plan: {
        id: 'p',
        name: 'Plan',
        type: 'monthly',
        endDate: null,
        remainingCredits: 1,
        freeMeetingCredits: 0,
        currentBundles: bundles.map((name) => ({ id: name, name, features: [] })),
        bundleIds: [],
      },
    },
  };
  setAuthenticated(result);
}
