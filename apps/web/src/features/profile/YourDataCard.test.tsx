import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { PERSONAL_DATA_MESSAGES as M, personalDataRoutes } from '@parley/contracts';
import { authStore, setAuthFailed } from '../../lib/auth-store';
import { toastStore } from '../../lib/toast';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { YourDataCard } from './YourDataCard';

/** The file names the page handed to the browser. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:data');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  signInWith([], { isB2C: true });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setAuthFailed();
  toastStore.set([]);
});

const page = () =>
  renderWithProviders(
    <Routes>
      <Route path="/settings" element={<YourDataCard email="ada@example.com" />} />
      <Route path="/signin" element={<p>Sign-in page</p>} />
    </Routes>,
    { path: '/settings' },
  );

describe('Your data on /settings', () => {
  it('shows progress while the archive is prepared, then saves it under the server’s name', async () => {
    let finish: (r: Response) => void = () => {};
    fakeServer().on(
      personalDataRoutes.exportData,
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    expect(await screen.findByText(/Preparing your archive/)).toBeTruthy();
    expect(saved).toEqual([]);
    finish(
      new Response(new Uint8Array([80, 75, 5, 6]), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="parley-my-data-2026-11-27.zip"',
        },
      }),
    );
    await waitFor(() => expect(saved).toEqual(['parley-my-data-2026-11-27.zip']));
    await waitFor(() => expect(screen.queryByText(/Preparing your archive/)).toBeNull());
  });

  it('says the download failed, with the reason', async () => {
    fakeServer().on(personalDataRoutes.exportData, () => new Response('', { status: 503 }));
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({ title: M.exportFailed, variant: 'error' }),
    );
    expect(saved).toEqual([]);
  });

  it('deletes only once DELETE or the own address is typed, then signs out to the sign-in page', async () => {
    const sent: unknown[] = [];
    fakeServer().on(personalDataRoutes.deleteAccount, (req) => {
      sent.push(req.body);
      return { message: M.deleted };
    });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Delete my account',
    });
    const field = within(dialog).getByLabelText('Confirmation');
    fireEvent.change(field, { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'someone@example.com' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Ada@Example.com' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ confirm: 'Ada@Example.com' }]));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(authStore.get().isAuthenticated).toBe(false);
    expect(toastStore.get()[0]).toMatchObject({ title: M.deleted, variant: 'success' });
  });

  it('keeps the account and shows the server’s message when deletion fails', async () => {
    fakeServer().on(
      personalDataRoutes.deleteAccount,
      () =>
        new Response(
          JSON.stringify({ statusCode: 503, error: 'Unavailable', message: 'Storage is down' }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        ),
    );
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText('Confirmation'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Storage is down')).toBeTruthy();
    expect(authStore.get().isAuthenticated).toBe(true);
    expect(screen.queryByText('Sign-in page')).toBeNull();
  });
});
