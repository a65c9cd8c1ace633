import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_ROLE_PERMISSIONS,
  PROFILE_MESSAGES as M,
  profileRoutes,
  type OrganizationProfile,
  type SessionUser,
} from '@parley/contracts';
import { authStore, setAuthFailed } from '../../lib/auth-store';
import { themeStore } from '../../lib/theme';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import ConfigurationPage from './ConfigurationPage';

afterEach(() => {
  cleanup();
  setAuthFailed();
  localStorage.clear();
});

const session = () => authStore.get().user as SessionUser;
const org: OrganizationProfile = {
  id: 'o',
  name: 'Org',
  isB2C: false,
  isPlatform: false,
  defaultCloud: null,
  organizationProfileUrl: null,
};
const LOGO = '/api/v1/profile-images/organization/o?v=1&exp=2&token=3';

function pocPage() {
  signInWith([]);
  const server = fakeServer()
    .on(profileRoutes.getOrganization, org)
    .on(profileRoutes.getSettings, { theme: null });
  renderWithProviders(<ConfigurationPage />, { path: '/configuration' });
  return server;
}

const picture = (bytes: number, name = 'me.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('Configuration: your profile', () => {
  it('saves the trimmed name, and the menu’s session follows', async () => {
    const server = pocPage().on(profileRoutes.updateUser, (req) => ({
      ...session(),
      ...(req.body as { firstName: string; lastName: string }),
    }));
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '  Grace ' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
    fireEvent.click(save);
    await waitFor(() => expect(session().firstName).toBe('Grace'));
    const [, init] = server.calls(profileRoutes.updateUser)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('asks for a first name before sending anything', async () => {
    const server = pocPage();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Please enter your first name')).toBeTruthy();
    expect(server.calls(profileRoutes.updateUser)).toHaveLength(0);
  });

  it('refuses a picture over 5 MB without uploading it', async () => {
    const server = pocPage();
    fireEvent.change(screen.getByLabelText('Choose a picture'), {
      target: { files: [picture(5 * 1024 * 1024 + 1)] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(M.tooLarge);
    expect(server.calls(profileRoutes.uploadUserImage)).toHaveLength(0);
  });

  it('uploads a picture as the form field "file" and shows the server’s refusal', async () => {
    const server = pocPage().on(profileRoutes.uploadUserImage, () =>
      json({ statusCode: 400, error: 'Bad Request', message: M.notAnImage }, 400),
    );
    fireEvent.change(screen.getByLabelText('Choose a picture'), {
      target: { files: [picture(10, 'cv.pdf')] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(M.notAnImage);
    const [, init] = server.calls(profileRoutes.uploadUserImage)[0]!;
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('puts the new picture in the session, then removes it', async () => {
    const url = '/api/v1/profile-images/user/u1?v=1&exp=2&token=3';
    pocPage()
      .on(profileRoutes.uploadUserImage, () => ({ ...session(), profileImageUrl: url }))
      .on(profileRoutes.deleteUserImage, () => ({ ...session(), profileImageUrl: null }));
    fireEvent.change(screen.getByLabelText('Choose a picture'), {
      target: { files: [picture(10)] },
    });
    await waitFor(() => expect(session().profileImageUrl).toBe(url));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(session().profileImageUrl).toBeNull());
  });
});

describe('Configuration: organisation', () => {
  it('is offered to the point of contact, and not to a plain user', async () => {
    pocPage();
    expect(await screen.findByLabelText('Organization name')).toBeTruthy();
    cleanup();
    signInWith([]);
    authStore.set((s) => ({
      ...s,
      user: { ...session(), role: 'user', permissions: [...DEFAULT_ROLE_PERMISSIONS.user] },
    }));
    fakeServer().on(profileRoutes.getSettings, { theme: null });
    renderWithProviders(<ConfigurationPage />);
    expect(screen.getByText('Your profile')).toBeTruthy();
    expect(screen.queryByText('Organization')).toBeNull();
  });

  it('renames it, and shows the server’s refusal in the form', async () => {
    const message = 'The organization name may be at most 120 characters';
    const server = pocPage().on(profileRoutes.updateOrganization, () =>
      json({ statusCode: 400, error: 'Bad Request', message }, 400),
    );
    const name = await screen.findByLabelText('Organization name');
    fireEvent.change(name, { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save organization' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    const [, init] = server.calls(profileRoutes.updateOrganization)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Acme' });
  });

  it('a new logo reaches the session, where the rail reads it', async () => {
    pocPage().on(profileRoutes.uploadOrganizationImage, { ...org, organizationProfileUrl: LOGO });
    fireEvent.change(await screen.findByLabelText('Choose a logo'), {
      target: { files: [picture(10, 'logo.png')] },
    });
    await waitFor(() => expect(session().organization.organizationProfileUrl).toBe(LOGO));
    expect(await screen.findByAltText('Organization logo')).toBeTruthy();
  });
});

describe('Configuration: appearance', () => {
  it('applies the theme at once and keeps it with the account', async () => {
    const server = pocPage().on(profileRoutes.updateSettings, { theme: 'dark' });
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(themeStore.get()).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(server.calls(profileRoutes.updateSettings)).toHaveLength(1));
    const [, init] = server.calls(profileRoutes.updateSettings)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ theme: 'dark' });
  });
});
