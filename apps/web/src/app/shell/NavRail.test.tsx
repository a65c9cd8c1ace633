import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { authStore } from '../../lib/auth-store';
import { STORAGE_KEYS } from '../../lib/config';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { setNavCollapsed } from './nav-collapsed';
import { NavRail } from './NavRail';

afterEach(() => {
  cleanup();
  setNavCollapsed(false);
  localStorage.clear();
});

const rail = () => {
  signInWith(['Essentials']);
  const user = authStore.get().user;
  if (!user) throw new Error('not signed in');
  renderWithProviders(<NavRail user={user} />, { path: '/' });
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
};

describe('the navigation rail on wide screens', () => {
  it('shows each title beside its icon, and icons alone once collapsed, remembered', () => {
    const nav = rail();
    const home = nav.getByRole('link', { name: 'Home' });
    expect(home.textContent).toBe('Home');
    fireEvent.click(screen.getByRole('button', { name: 'Hide navigation labels' }));
    // Still named for screen readers (and by a tooltip on hover), no longer written out.
    expect(nav.getByRole('link', { name: 'Home' }).textContent).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.navCollapsed)).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show navigation labels' }));
    expect(nav.getByRole('link', { name: 'Home' }).textContent).toBe('Home');
    expect(localStorage.getItem(STORAGE_KEYS.navCollapsed)).toBe('false');
  });
});
