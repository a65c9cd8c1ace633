import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import {
  DEFAULT_ROLE_PERMISSIONS,
  aiProviderRoutes,
  crmRoutes,
  integrationRoutes,
  type AuthSuccess,
  type CrmStatus,
  type Role,
} from '@parley/contracts';
import { setAuthFailed, setAuthenticated } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { authSuccess } from '../../test/sign-in';
import IntegrationsOnboardingPage from './IntegrationsOnboardingPage';

afterEach(() => {
  cleanup();
  setAuthFailed();
});

function signInAs(role: Role, plan: 'plan' | 'none' = 'plan') {
  const s: AuthSuccess = authSuccess(plan === 'none' ? { plan: null } : { bundles: [] });
  setAuthenticated({
    ...s,
    user: { ...s.user, role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]] },
  });
}

const at = '2025-03-07T10:00:00.000Z';
const crm = (provider: CrmStatus['provider'], connected: boolean): CrmStatus => ({
  provider,
  name: provider,
  configured: true,
  setupHint: null,
  connected,
  needsReconnect: false,
  accountName: null,
  connectedAt: null,
  lastImportAt: null,
  import: null,
});

function server() {
  return fakeServer()
    .on(integrationRoutes.configurations, [
      {
        id: 'c',
        provider: 'aws',
        integrationId: 'i',
        providerName: 'aws',
        status: 'connected',
        settings: {},
        isDefault: true,
        createdAt: at,
        updatedAt: at,
      },
    ])
    .on(aiProviderRoutes.list, [])
    .on(crmRoutes.status, { data: [crm('hubspot', true), crm('salesforce', false)] });
}

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'What you can connect' })).getByRole('link', {
    name: new RegExp(`^${name}`),
  });

describe('/integrations: what can be connected, and where', () => {
  it('lists storage, AI providers and CRM with what is connected, each linking to its page', async () => {
    server();
    signInAs('poc');
    renderWithProviders(<IntegrationsOnboardingPage />, { path: '/integrations' });
    expect(await screen.findByText('Amazon S3 connected')).toBeTruthy();
    expect(await screen.findByText('HubSpot connected')).toBeTruthy();
    expect(within(row('AI providers')).getByText('Not connected')).toBeTruthy();
    expect(row('Cloud storage').getAttribute('href')).toBe('/app-integrations');
    expect(row('AI providers').getAttribute('href')).toBe('/configuration/ai-providers');
    expect(row('CRM').getAttribute('href')).toBe('/app-integrations#crm');
    expect(screen.queryByText(/Nothing to connect/)).toBeNull();
    expect(screen.queryByText(/Only your organization’s point of contact/)).toBeNull();
  });

  it('tells a member who cannot connect that the point of contact does', async () => {
    server();
    signInAs('salesRep');
    renderWithProviders(<IntegrationsOnboardingPage />, { path: '/integrations' });
    expect(
      screen.getByText(/Only your organization’s point of contact can connect these/),
    ).toBeTruthy();
    expect(await screen.findByText('Amazon S3 connected')).toBeTruthy();
  });

  it('asks a point of contact without a plan to choose one first', () => {
    server();
    signInAs('poc', 'none');
    renderWithProviders(<IntegrationsOnboardingPage />, { path: '/integrations' });
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/pricing?onboarding=true',
    );
  });

  it('reads nothing for a job seeker, whose account has no integrations', () => {
    const api = server();
    signInAs('talentPoolUser');
    renderWithProviders(<IntegrationsOnboardingPage />, { path: '/integrations' });
    expect(screen.getByTestId('nothing-to-connect').textContent).toMatch(/nothing to connect/);
    expect(screen.queryByRole('list', { name: 'What you can connect' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' })).toBeTruthy();
    expect(api.calls(integrationRoutes.configurations)).toHaveLength(0);
  });
});
