import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES, MESSAGES, crmRoutes, type CrmStatus } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { toastStore } from '../../lib/toast';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { CrmSection } from './CrmSection';

const status = (provider: 'hubspot' | 'salesforce', connected: boolean): CrmStatus => ({
  provider,
  name: provider === 'hubspot' ? 'HubSpot' : 'Salesforce',
  configured: true,
  setupHint: null,
  connected,
  needsReconnect: false,
  accountName: connected ? 'northwind.example' : null,
  connectedAt: connected ? '2025-01-01T00:00:00.000Z' : null,
  lastImportAt: null,
  import: null,
});

afterEach(() => {
  cleanup();
  setAuthFailed();
  toastStore.set(() => []);
});

describe('CRM cards and the plan', () => {
  it('offers no Connect without Sales Intelligence, and links to the plans instead', async () => {
    signInWith(['Base']);
    fakeServer().on(crmRoutes.status, () => ({
      data: [status('hubspot', false), status('salesforce', false)],
    }));
    renderWithProviders(<CrmSection canManage />);
    const hubspot = await screen.findByTestId('crm-hubspot');
    expect(within(hubspot).queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(within(hubspot).getByTestId('crm-not-in-plan').textContent).toContain(
      MESSAGES.notInPlan,
    );
    expect(within(hubspot).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('offers Connect with Sales Intelligence', async () => {
    signInWith(['Sales Intelligence']);
    fakeServer().on(crmRoutes.status, () => ({
      data: [status('hubspot', false), status('salesforce', false)],
    }));
    renderWithProviders(<CrmSection canManage />);
    const hubspot = await screen.findByTestId('crm-hubspot');
    expect(within(hubspot).getByRole('button', { name: 'Connect' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(within(hubspot).queryByTestId('crm-not-in-plan')).toBeNull();
  });

  it('still lets an organisation without it disconnect, and warns when the CRM did not confirm', async () => {
    signInWith(['Base']);
    let connected = true;
    fakeServer()
      .on(crmRoutes.status, () => ({
        data: [status('hubspot', connected), status('salesforce', false)],
      }))
      .on(crmRoutes.hubspot.remove, () => {
        connected = false;
        return { message: CRM_MESSAGES.notRevoked('hubspot'), revoked: false };
      });
    renderWithProviders(<CrmSection canManage />);
    const hubspot = await screen.findByTestId('crm-hubspot');
    expect(within(hubspot).queryByRole('button', { name: 'Import now' })).toBeNull();
    fireEvent.click(within(hubspot).getByRole('button', { name: 'Disconnect' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Disconnect HubSpot?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: CRM_MESSAGES.notRevoked('hubspot'),
        variant: 'warning',
      }),
    );
  });
});
