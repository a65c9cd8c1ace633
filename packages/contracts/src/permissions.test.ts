import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, permissionsOf } from './permissions.js';

describe('permissionsOf', () => {
  it('gives a default role its default set', () => {
    expect(permissionsOf('user', null)).toEqual(DEFAULT_ROLE_PERMISSIONS.user);
    expect(permissionsOf('poc', null)).not.toContain('platform.manage');
  });

  it('keeps every permission for the super admin, whatever custom role they hold', () => {
    expect(permissionsOf('superadmin', ['meetings.read'])).toEqual(PERMISSIONS);
  });

  it('never lets a custom role cross organisations, nor take the baseline away', () => {
    const held = permissionsOf('poc', ['meetings.read', 'platform.manage']);
    expect(held).toEqual(['profile.own', 'meetings.read']);
    expect(permissionsOf('user', [])).toEqual(['profile.own']);
  });
});
