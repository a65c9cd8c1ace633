import { describe, expect, it } from 'vitest';
import type { CustomRole, ManagedUser } from '@parley/contracts';
import {
  baseRoleOf,
  emptyUser,
  roleLabel,
  roleOptions,
  validateGroup,
  validateRole,
  validateUser,
  valuesOf,
} from './model';

const closer: CustomRole = {
  id: '6f1c2c52-0c1e-4d53-9a53-4c7b8a8a0001',
  organizationId: 'org',
  name: 'Closer',
  baseRole: 'salesRep',
  permissions: ['meetings.read', 'users.manage'],
  usersCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const manager = '6f1c2c52-0c1e-4d53-9a53-4c7b8a8a0002';

describe('the role select', () => {
  it('lists the assignable default roles then custom ones; a role with more than the caller holds is disabled', () => {
    const options = roleOptions([closer], ['meetings.read']);
    expect(options.map((o) => o.value)).toEqual([
      'role:poc',
      'role:user',
      'role:salesManager',
      'role:salesRep',
      `custom:${closer.id}`,
    ]);
    expect(options.at(-1)).toMatchObject({ label: 'Closer', disabled: true });
    expect(roleOptions([closer], ['meetings.read', 'users.manage']).at(-1)?.disabled).toBe(false);
  });

  it('a custom role’s kind of account is its base role', () => {
    expect(baseRoleOf(`custom:${closer.id}`, [closer])).toBe('salesRep');
    expect(baseRoleOf('role:salesManager', [])).toBe('salesManager');
    expect(baseRoleOf('custom:gone', [])).toBeNull();
  });
});

describe('validateUser', () => {
  const filled = { ...emptyUser(), firstName: ' Ada ', email: 'ADA@Example.com ' };

  it('needs a first name and a valid e-mail', () => {
    const r = validateUser(emptyUser());
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.firstName).toBe('Enter the first name');
      expect(r.errors.email).toBe('Enter a valid e-mail address');
    }
  });

  it('a default role clears the custom role; the sales manager only goes with a rep', () => {
    const r = validateUser({ ...filled, role: 'role:user', salesManagerId: manager });
    expect(r).toEqual({
      ok: true,
      body: {
        firstName: 'Ada',
        lastName: '',
        email: 'ada@example.com',
        role: 'user',
        roleId: null,
        position: null,
        groupIds: [],
        salesManagerId: null,
      },
    });
    const rep = validateUser({ ...filled, role: 'role:salesRep', salesManagerId: manager });
    expect(rep.ok && rep.body.salesManagerId).toBe(manager);
  });

  it('a custom role is sent by id, and a rep-based one keeps the sales manager', () => {
    const r = validateUser(
      { ...filled, role: `custom:${closer.id}`, salesManagerId: manager, position: 'Sales Rep' },
      [closer],
    );
    expect(r.ok && r.body).toMatchObject({
      roleId: closer.id,
      salesManagerId: manager,
      position: 'Sales Rep',
    });
  });

  it('round-trips a listed user into the dialog', () => {
    const user: ManagedUser = {
      id: 'u1',
      organizationId: 'org',
      organization: 'Acme',
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.com',
      role: 'salesRep',
      customRole: { id: closer.id, name: 'Closer' },
      position: null,
      status: 'active',
      groups: [{ id: 'g1', name: 'Desk' }],
      salesManager: { id: manager, firstName: 'M', lastName: 'N', email: 'm@example.com' },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(valuesOf(user)).toMatchObject({
      role: `custom:${closer.id}`,
      groupIds: ['g1'],
      salesManagerId: manager,
    });
    expect(roleLabel(user)).toBe('Closer');
    expect(roleLabel({ role: 'poc', customRole: null })).toBe('Point of contact');
  });
});

describe('groups and roles', () => {
  it('a group needs a name', () => {
    expect(validateGroup({ name: '  ' }).ok).toBe(false);
    expect(validateGroup({ name: ' Desk ' })).toEqual({ ok: true, body: { name: 'Desk' } });
  });

  it('a role needs a name and never takes platform.manage', () => {
    expect(validateRole({ name: '', baseRole: 'user', permissions: [] }).ok).toBe(false);
    const r = validateRole({ name: 'Ops', baseRole: 'user', permissions: ['platform.manage'] });
    expect(r.ok).toBe(false);
    expect(
      validateRole({ name: 'Ops', baseRole: 'user', permissions: ['logs.read', 'logs.read'] }),
    ).toEqual({ ok: true, body: { name: 'Ops', baseRole: 'user', permissions: ['logs.read'] } });
  });
});
