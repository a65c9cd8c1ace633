import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, type Plan, type SessionUser } from '@parley/contracts';
import { decideRoute, type GuardInput } from './guard';

const plan: Plan = {
  id: 'p',
  name: 'Growth',
  type: 'monthly',
  endDate: null,
  remainingCredits: 10,
  freeMeetingCredits: 0,
  currentBundles: [],
  bundleIds: [],
};

type GuardUser = Pick<SessionUser, 'role' | 'position' | 'permissions' | 'b2cConsent' | 'plan'>;
const user = (patch: Partial<GuardUser> = {}): GuardUser => ({
  role: 'user',
  position: null,
  permissions: [...DEFAULT_ROLE_PERMISSIONS[patch.role ?? 'user']],
  b2cConsent: false,
  plan,
  ...patch,
});

const decide = (pathname: string, u: GuardUser | null, extra: Partial<GuardInput> = {}) =>
  decideRoute({ pathname, status: 'success', user: u, scope: 'sidebar', ...extra });

describe('decideRoute (spec 1 §2 route guard)', () => {
  it('shows a spinner while authentication is not settled', () => {
    expect(decide('/', null, { status: 'idle' })).toEqual({ kind: 'spinner' });
    expect(decide('/', user(), { status: 'loading' })).toEqual({ kind: 'spinner' });
  });

  it('sends unauthenticated visitors to /signin, remembering where they were going', () => {
    expect(decide('/library', null, { status: 'failed', search: '?q=1' })).toEqual({
      kind: 'redirect',
      to: '/signin',
      from: '/library?q=1',
    });
  });

  it('warns a role user without a plan but lets them through', () => {
    expect(decide('/library', user({ plan: null }))).toEqual({
      kind: 'allow',
      toast: 'noActivePlan',
    });
    expect(decide('/library', user())).toEqual({ kind: 'allow' });
  });

  it('sends a poc with a null plan to /pricing?onboarding=true with the toast', () => {
    expect(decide('/library', user({ role: 'poc', plan: null }))).toEqual({
      kind: 'redirect',
      to: '/pricing?onboarding=true',
      toast: 'noActivePlan',
    });
  });

  it('lets a poc with a null plan stay on onboarding paths', () => {
    const poc = user({ role: 'poc', plan: null });
    expect(decide('/configuration', poc)).toEqual({ kind: 'allow', toast: 'noActivePlan' });
    expect(decide('/pricing', poc, { scope: 'plain' })).toEqual({
      kind: 'allow',
      toast: 'noActivePlan',
    });
    expect(decide('/integrations', poc, { scope: 'plain' }).kind).toBe('allow');
  });

  it('does not gate super admins or sales roles by plan', () => {
    expect(decide('/', user({ role: 'superadmin', plan: null }))).toEqual({ kind: 'allow' });
    expect(decide('/coaching', user({ role: 'salesRep', plan: null }))).toEqual({ kind: 'allow' });
  });

  it('redirects paths outside the navigation to the first item', () => {
    expect(decide('/user-management', user())).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/library', user({ role: 'salesRep' }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/parameters', user({ role: 'poc' }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(
      decide('/', user({ role: 'talentPoolUser', position: 'B2CUSER', b2cConsent: true })),
    ).toEqual({
      kind: 'redirect',
      to: '/home',
    });
  });

  it('keeps a custom role out of the areas its permissions do not cover', () => {
    const viewer = user({ permissions: ['profile.own', 'meetings.read'] });
    expect(decide('/library', viewer)).toEqual({ kind: 'allow' });
    expect(decide('/zai', viewer)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/zai', user())).toEqual({ kind: 'allow' });
  });

  it('lets the super admin reach /parameters from the Configuration tabs', () => {
    expect(decide('/parameters', user({ role: 'superadmin' }))).toEqual({ kind: 'allow' });
  });

  it('lets the hiring team (poc, user) reach the HR list, in no menu of spec 1', () => {
    expect(decide('/interviews', user())).toEqual({ kind: 'allow' });
    expect(decide('/interviews', user({ role: 'poc' }))).toEqual({ kind: 'allow' });
    expect(decide('/interviews', user({ role: 'salesRep' }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('keeps the no-plan toast on a navigation redirect', () => {
    expect(decide('/accounts', user({ plan: null }))).toEqual({
      kind: 'redirect',
      to: '/',
      toast: 'noActivePlan',
    });
  });

  it('allows detail patterns even when they are not navigation items', () => {
    expect(decide('/library/m1', user())).toEqual({ kind: 'allow' });
    expect(decide('/interviews/i1', user({ role: 'salesRep' }))).toEqual({ kind: 'allow' });
    expect(decide('/organization-management/o1', user({ role: 'superadmin' }))).toEqual({
      kind: 'allow',
    });
  });

  it('does not apply the navigation rule outside the sidebar shell', () => {
    expect(decide('/help', user({ role: 'salesRep' }), { scope: 'plain' })).toEqual({
      kind: 'allow',
    });
    expect(decide('/insights', user(), { scope: 'unwrapped' })).toEqual({ kind: 'allow' });
  });

  it('sends B2C users who have not consented to /consent', () => {
    const b2c = user({ role: 'talentPoolUser', position: 'B2CUSER', b2cConsent: false });
    expect(decide('/home', b2c)).toEqual({ kind: 'redirect', to: '/consent' });
    expect(decide('/consent', b2c, { scope: 'unwrapped' })).toEqual({ kind: 'allow' });
    expect(decide('/home', { ...b2c, b2cConsent: true })).toEqual({ kind: 'allow' });
  });

  it('leaves /consent to the consent page, even for a poc without a plan', () => {
    expect(decide('/consent', user({ role: 'poc', plan: null }), { scope: 'unwrapped' })).toEqual({
      kind: 'allow',
    });
  });
});
