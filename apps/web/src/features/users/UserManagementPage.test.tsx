import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_ROLES,
  USER_ADMIN_MESSAGES,
  groupRoutes,
  roleRoutes,
  userAdminRoutes,
  type Group,
  type ManagedUser,
} from '@parley/contracts';
import { toastStore } from '../../lib/toast';
import { fakeServer, json } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import UserManagementPage from './UserManagementPage';

const SLOW = { timeout: 5000 };
const desk: Group = {
  id: '0b0d2c5e-1d7f-4e36-9e57-3f7f5f6b1a01',
  organizationId: 'o',
  name: 'Desk',
  status: 'active',
  usersCount: 1,
  createdAt: '2026-05-01T10:00:00.000Z',
};
const grace: ManagedUser = {
  id: 'u2',
  organizationId: 'o',
  organization: 'Org',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: 'salesRep',
  customRole: null,
  position: 'Sales Rep',
  status: 'active',
  groups: [{ id: desk.id, name: 'Desk' }],
  salesManager: null,
  createdAt: '2026-05-01T10:00:00.000Z',
};

type ListReply = { data: ManagedUser[]; count: number } | (() => Response);

function serve(list: ListReply = { data: [grace], count: 23 }) {
  return fakeServer()
    .on(userAdminRoutes.listOfOrganization, list)
    .on(userAdminRoutes.groups, { data: [desk] })
    .on(groupRoutes.all, { data: [desk], count: 1 })
    .on(roleRoutes.ofOrganization, { data: [], defaultRoles: DEFAULT_ROLES })
    .on(userAdminRoutes.positions, { data: ['Sales Manager', 'Sales Rep'] })
    .on(userAdminRoutes.ofOrganization, { data: [] });
}

setUpPageTests();

describe('User Management', { timeout: 20_000 }, () => {
  it('lists users with pages; the group filter is sent even with an empty search', async () => {
    signInWith([]);
    const server = serve();
    renderWithProviders(<UserManagementPage />, { path: '/user-management' });
    expect(await screen.findByText('Grace Hopper', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const first = String(server.calls(userAdminRoutes.listOfOrganization)[0]?.[0]);
    expect(first).toContain('/user/organization/o/all?');
    expect(first).not.toContain('filter=');

    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Group' }), {
      button: 0,
      ctrlKey: false,
      pointerType: 'mouse',
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Desk' }));
    await waitFor(() =>
      expect(
        server
          .calls(userAdminRoutes.listOfOrganization)
          .some(([u]) => decodeURIComponent(String(u)).includes(`filter=groupId:eq:${desk.id}`)),
      ).toBe(true),
    );
    const last = decodeURIComponent(
      String(server.calls(userAdminRoutes.listOfOrganization).at(-1)?.[0]),
    );
    expect(last).not.toContain('search=');
  });

  it("says 'Failed to search users' when the list cannot be read", async () => {
    signInWith([]);
    serve(() => json({ statusCode: 500, error: 'Internal Server Error', message: '' }, 500));
    renderWithProviders(<UserManagementPage />, { path: '/user-management' });
    await waitFor(
      () =>
        expect(toastStore.get().map((t) => t.title)).toContain(USER_ADMIN_MESSAGES.searchFailed),
      SLOW,
    );
  });

  it('the Roles tab lists the default roles with their permissions, read-only', async () => {
    signInWith([]);
    serve();
    renderWithProviders(<UserManagementPage />, { path: '/user-management?tab=roles' });
    const table = await screen.findByRole('table', { name: 'Default roles' }, SLOW);
    expect(await within(table).findByText('Point of contact')).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: /New role/ })).toBeTruthy();
  });
});
