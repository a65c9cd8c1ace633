import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { setAuthFailed } from '../lib/auth-store';
import { signInWith } from '../test/sign-in';
import { FeatureGate } from './FeatureGate';

const signIn = (bundles: string[], isB2C = false) => signInWith(bundles, { isB2C });

const gate = () =>
  renderWithProviders(
    <FeatureGate feature="Zai Intelligence">
      <p>Zai content</p>
    </FeatureGate>,
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
