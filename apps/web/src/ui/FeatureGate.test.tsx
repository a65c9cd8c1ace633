import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuthSuccess } from '@parley/contracts';
import { setAuthenticated, setAuthFailed } from '../lib/auth-store';
import { FeatureGate } from './FeatureGate';

function signIn(bundles: string[], isB2C = false) {
  const result: AuthSuccess = {
    accessToken: 't',
    authProvider: 'plain',
    user: {
      id: 'u1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'poc',
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

const gate = () =>
  render(
    <MemoryRouter>
      <FeatureGate feature="Zai Intelligence">
        <p>Zai content</p>
      </FeatureGate>
    </MemoryRouter>,
  );

describe('FeatureGate', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
  });

  it('shows its children when a bundle carries the feature', () => {
    signIn(['Zai Intelligence']);
    gate();
    expect(screen.getByText('Zai content')).toBeTruthy();
    expect(screen.queryByText('Not available in your current plan')).toBeNull();
  });

  it('treats B2C organisations as having every feature', () => {
    signIn([], true);
    gate();
    expect(screen.queryByText('Not available in your current plan')).toBeNull();
  });

  it('locks the content and links to /pricing otherwise', () => {
    signIn(['Base']);
    gate();
    expect(screen.getByText('Not available in your current plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(screen.getByText('Zai content').closest('[aria-hidden]')).not.toBeNull();
  });
});
