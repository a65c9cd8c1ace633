import { isB2CPosition, type SessionUser } from '@parley/contracts';
import type { AuthStatus } from '../lib/auth-store';
import { isReachable, navigationFor, normalizePath } from '../lib/navigation';

/** Onboarding paths, exempt from the no-plan redirect (spec 1 §2). */
export const ONBOARDING_PATHS: readonly string[] = ['/pricing', '/integrations', '/configuration'];
export const NO_PLAN_REDIRECT = '/pricing?onboarding=true';

/**
 * Where the route sits: 'sidebar' pages are checked against the user's navigation; 'plain'
 * (shell without sidebar, auth-layout onboarding) and 'unwrapped' pages are not.
 */
export type GuardScope = 'sidebar' | 'plain' | 'unwrapped';

export interface GuardInput {
  pathname: string;
  search?: string;
  status: AuthStatus;
  user: Pick<SessionUser, 'role' | 'position' | 'permissions' | 'b2cConsent' | 'plan'> | null;
  scope: GuardScope;
}

export type GuardToast = 'noActivePlan';

export type GuardDecision =
  | { kind: 'spinner' }
  | { kind: 'redirect'; to: string; toast?: GuardToast; from?: string }
  | { kind: 'allow'; toast?: GuardToast };

/** Spec 1 §2 "Route guard", as a pure function of the location and the auth state. */
export function decideRoute({
  pathname,
  search = '',
  status,
  user,
  scope,
}: GuardInput): GuardDecision {
  if (status === 'idle' || status === 'loading') return { kind: 'spinner' };
  if (status !== 'success' || !user)
    return { kind: 'redirect', to: '/signin', from: pathname + search };

  const path = normalizePath(pathname);
  // The consent page decides for itself (non-B2C users go to /signin, consented ones to /profile).
  if (path === '/consent') return { kind: 'allow' };

  // Individual (B2C) users consent before anything else.
  if (isB2CPosition(user.position) && !user.b2cConsent) {
    return { kind: 'redirect', to: '/consent' };
  }

  let toast: GuardToast | undefined;
  if (user.role === 'user' && !user.plan) toast = 'noActivePlan';
  if (user.role === 'poc' && user.plan === null) {
    toast = 'noActivePlan';
    if (!ONBOARDING_PATHS.includes(path)) return { kind: 'redirect', to: NO_PLAN_REDIRECT, toast };
  }

  if (scope === 'sidebar') {
    const nav = navigationFor(user);
    const first = nav[0];
    if (first && !isReachable(path, user) && path !== first.path) {
      return { kind: 'redirect', to: first.path, toast };
    }
  }

  return toast ? { kind: 'allow', toast } : { kind: 'allow' };
}
