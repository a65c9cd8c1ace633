import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, type Role } from '@parley/contracts';
import {
  isDetailPath,
  isInNavigation,
  isNavItemActive,
  navigationFor,
  navigationKind,
  profilePathFor,
} from './navigation';

const titles = (role: Role, position: string | null = null) =>
  navigationFor({ role, position, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]] }).map(
    (i) => `${i.title} ${i.path}`,
  );

describe('navigation table (spec 1 §2)', () => {
  it('super admin', () => {
    expect(titles('superadmin')).toEqual([
      'Home /',
      'Organization Management /organization-management',
      'Enterprise Management /billing',
      'App Integrations /app-integrations',
      'Coaching /coaching',
      'User Management /user-management',
      'User Logs /user-logs',
      'Zai /zai',
      'Configuration /configuration',
    ]);
  });

  it('point of contact', () => {
    expect(titles('poc')).toEqual([
      'Home /',
      'Library /library',
      'Accounts /accounts',
      'Coaching /coaching',
      'Zai /zai',
      'App Integrations /app-integrations',
      'User Management /user-management',
      'User Logs /user-logs',
      'Configuration /configuration',
    ]);
  });

  it('plain user', () => {
    expect(titles('user')).toEqual([
      'Home /',
      'Library /library',
      'Zai /zai',
      'App Integrations /app-integrations',
      'User Logs /user-logs',
      'Configuration /configuration',
    ]);
  });

  it('sales manager', () => {
    expect(titles('salesManager')).toEqual([
      'Home /',
      'Accounts /accounts',
      'Library /library',
      'Coaching /coaching',
      'Zai /zai',
      'App Integrations /app-integrations',
      'User Logs /user-logs',
      'Configuration /configuration',
    ]);
  });

  it('sales rep', () => {
    expect(titles('salesRep')).toEqual([
      'Home /',
      'Coaching /coaching',
      'App Integrations /app-integrations',
      'Configuration /configuration',
    ]);
  });

  it('talent pool', () => {
    expect(titles('talentPoolUser')).toEqual([
      'Home /home',
      'Mock Interviews /interviews',
      'Profile /profile',
      'Settings /settings',
    ]);
  });
});

describe('navigationKind — super admin, then poc, then secondary role or position, else user', () => {
  it.each([
    ['superadmin', 'Sales Rep', 'superadmin'],
    ['poc', 'Sales Manager', 'poc'],
    ['poc', 'B2CUSER', 'poc'],
    ['user', 'Sales Manager', 'salesManager'],
    ['user', 'Sales Rep', 'salesRep'],
    ['user', 'B2CUSER', 'talentPool'],
    ['salesManager', null, 'salesManager'],
    ['salesRep', null, 'salesRep'],
    ['talentPoolUser', null, 'talentPool'],
    ['salesRep', 'Sales Manager', 'salesManager'],
    ['user', 'Engineer', 'user'],
    ['user', null, 'user'],
  ] as const)('role %s, position %s → %s', (role, position, kind) => {
    expect(navigationKind({ role, position })).toBe(kind);
  });
});

describe('path helpers', () => {
  it('recognises detail patterns', () => {
    expect(isDetailPath('/library/abc')).toBe(true);
    expect(isDetailPath('/interviews/42/')).toBe(true);
    expect(isDetailPath('/organization-management/x')).toBe(true);
    expect(isDetailPath('/mock-interviews/7f0c/feedback')).toBe(true);
    expect(isDetailPath('/library')).toBe(false);
    expect(isDetailPath('/library/a/b')).toBe(false);
    expect(isDetailPath('/zai/x')).toBe(false);
  });

  it('matches navigation paths exactly, ignoring a trailing slash', () => {
    const nav = navigationFor({
      role: 'salesRep',
      position: null,
      permissions: [...DEFAULT_ROLE_PERMISSIONS.salesRep],
    });
    expect(isInNavigation('/coaching/', nav)).toBe(true);
    expect(isInNavigation('/library', nav)).toBe(false);
  });

  it('adds Interviews after Library for the hiring team when the plan has HR Workflow', () => {
    const plan = {
      currentBundles: [
        { id: 'b', name: 'Interview Intelligence', features: [{ name: 'HR Workflow' }] },
      ],
    };
    const withHiring = (role: Role) =>
      navigationFor({
        role,
        position: null,
        permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
        organization: { isB2C: false },
        plan,
      }).map((i) => i.path);
    expect(withHiring('user').slice(0, 3)).toEqual(['/', '/library', '/interviews']);
    expect(withHiring('poc').slice(0, 3)).toEqual(['/', '/library', '/interviews']);
    // Sales roles do not run hiring, whatever the plan.
    expect(withHiring('salesManager')).not.toContain('/interviews');
    // Without the permission (a custom role), no item.
    const custom = navigationFor({
      role: 'user',
      position: null,
      permissions: ['profile.own', 'meetings.read'],
      organization: { isB2C: false },
      plan,
    });
    expect(custom.map((i) => i.path)).not.toContain('/interviews');
  });

  it('marks the list item active on its detail page; Home only on /', () => {
    expect(isNavItemActive('/library', '/library/1')).toBe(true);
    expect(isNavItemActive('/', '/library')).toBe(false);
    expect(isNavItemActive('/', '/')).toBe(true);
  });

  it('profile link: /settings for B2C, /configuration for everyone else', () => {
    expect(profilePathFor({ position: 'B2CUSER' })).toBe('/settings');
    expect(profilePathFor({ position: 'Sales Rep' })).toBe('/configuration');
    expect(profilePathFor({ position: null })).toBe('/configuration');
  });
});
