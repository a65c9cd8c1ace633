import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { organizationRoutes, type OrganizationRecord } from '@parley/contracts';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import OrganizationsPage from './OrganizationsPage';

const acme: OrganizationRecord = {
  id: '7b0d2c5e-1d7f-4e36-9e57-3f7f5f6b1a01',
  name: 'Acme Corp',
  logo: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  usersCount: 4,
  planName: 'Acme Growth',
  pointOfContact: { id: 'u1', firstName: 'Paula', lastName: 'Contact', email: 'poc@acme.example' },
};

describe('Organization Management', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('searches by what was typed and pages with page and size', async () => {
    const server = fakeServer().on(organizationRoutes.list, { data: [acme], count: 23 });
    renderWithProviders(<OrganizationsPage />);
    expect(await screen.findByRole('link', { name: 'Acme Corp' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search organizations' }), {
      target: { value: ' acme ' },
    });
    await waitFor(() =>
      expect(
        server.calls(organizationRoutes.list).some(([u]) => String(u).includes('search=acme')),
      ).toBe(true),
    );
    const last = String(server.calls(organizationRoutes.list).at(-1)?.[0]);
    expect(last).toContain('page=0');
    expect(last).toContain('size=10');
  });

  it('deletes only once the organisation’s name is typed again, and sends it', async () => {
    const removed: unknown[] = [];
    fakeServer()
      .on(organizationRoutes.list, { data: [acme], count: 1 })
      .on(organizationRoutes.remove, (req) => {
        removed.push(req.body);
        return { message: 'Acme Corp is being deleted' };
      });
    renderWithProviders(<OrganizationsPage />);
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Actions for Acme Corp' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Corp?' });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Delete organization',
    });
    const field = within(dialog).getByLabelText('Organization name');
    fireEvent.change(field, { target: { value: 'Acme' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Acme Corp' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(removed).toEqual([{ confirmName: 'Acme Corp' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
