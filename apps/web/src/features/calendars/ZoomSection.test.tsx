import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZOOM_MESSAGES, zoomRoutes, type ZoomConfigBody, type ZoomStatus } from '@parley/contracts';
import { toastStore } from '../../lib/toast';
import { fakeServer, json } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { ZoomSection } from './ZoomSection';

const ORG = '5f0c2d1e-0000-4000-8000-000000000001';
const disconnected: ZoomStatus = {
  connected: false,
  accountId: null,
  clientId: null,
  webhookUrl: `http://localhost:8080/api/v1/zoom/webhook/${ORG}`,
  connectedAt: null,
  imported: 0,
  lastImport: null,
};

setUpPageTests();
afterEach(() => toastStore.set(() => []));

describe('the Zoom card', () => {
  it('keeps the typed credentials and shows Zoom’s refusal inline, then connects and shows the webhook URL', async () => {
    signInWith(['Base']);
    let attempts = 0;
    const server = fakeServer()
      .on(zoomRoutes.status, () => disconnected)
      .on(zoomRoutes.create, ({ body }) => {
        attempts += 1;
        if (attempts === 1)
          return json(
            { statusCode: 400, error: 'Bad Request', message: ZOOM_MESSAGES.refused },
            400,
          );
        return {
          ...disconnected,
          connected: true,
          accountId: (body as ZoomConfigBody).accountId,
          clientId: (body as ZoomConfigBody).clientId,
          connectedAt: '2026-11-27T10:00:00.000Z',
        };
      });
    renderWithProviders(<ZoomSection canManage />);
    const zoom = await screen.findByTestId('zoom');
    fireEvent.click(within(zoom).getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Zoom' });
    const submit = within(dialog).getByRole('button', { name: 'Connect' });
    for (const [label, value] of [
      ['Account ID', 'acct-1'],
      ['Client ID', 'cid'],
      ['Client secret', 'wrong'],
      ['Webhook secret token', 'tok'],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(submit);
    expect(await within(dialog).findByText(ZOOM_MESSAGES.refused)).toBeTruthy();
    expect((within(dialog).getByLabelText('Account ID') as HTMLInputElement).value).toBe('acct-1');
    fireEvent.change(within(dialog).getByLabelText('Client secret'), {
      target: { value: 'right' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect Zoom' })).toBeNull());
    expect((await screen.findByTestId('zoom-webhook-url')).textContent).toBe(
      disconnected.webhookUrl,
    );
    const [, init] = server.calls(zoomRoutes.create)[1] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      accountId: 'acct-1',
      clientId: 'cid',
      clientSecret: 'right',
      secretToken: 'tok',
    });
  });

  it('shows a failed import, and offers no Connect to members who cannot manage integrations', async () => {
    signInWith(['Base']);
    fakeServer().on(zoomRoutes.status, () => ({
      ...disconnected,
      connected: true,
      accountId: 'acct-1',
      imported: 2,
      lastImport: {
        topic: 'Weekly sync',
        state: 'failed' as const,
        meetingId: null,
        error: 'Zoom answered 404 to the recording download',
        at: '2026-11-27T10:00:00.000Z',
      },
    }));
    renderWithProviders(<ZoomSection canManage={false} />);
    const zoom = await screen.findByTestId('zoom');
    expect(within(zoom).getByText('2 recordings')).toBeTruthy();
    expect(within(zoom).getByRole('status').textContent).toContain('Zoom answered 404');
    expect(within(zoom).queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });
});
