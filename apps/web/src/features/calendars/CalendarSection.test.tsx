import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AUTO_JOIN_RULE_LABELS,
  CALENDAR_MESSAGES,
  calendarRoutes,
  type AutoJoinRule,
  type CalendarConnection,
  type CalendarStatus,
} from '@parley/contracts';
import { toastStore } from '../../lib/toast';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { setUpPageTests } from '../../test/page-setup';
import { signInWith } from '../../test/sign-in';
import { CalendarSection } from './CalendarSection';

const card = (
  provider: 'google' | 'microsoft',
  over: Partial<CalendarConnection> = {},
): CalendarConnection => ({
  provider,
  name: provider === 'google' ? 'Google Calendar' : 'Microsoft 365 Calendar',
  configured: true,
  setupHint: null,
  connected: false,
  needsReconnect: false,
  accountEmail: null,
  lastSyncAt: null,
  lastError: null,
  upcoming: 0,
  ...over,
});

setUpPageTests();
afterEach(() => toastStore.set(() => []));

describe('calendar connection cards', () => {
  it('shows a connected calendar with its account and upcoming meetings, and one the server cannot connect', async () => {
    signInWith(['Base']);
    fakeServer().on(calendarRoutes.status, () => ({
      data: [
        card('google', {
          connected: true,
          accountEmail: 'ana@acme.example',
          lastSyncAt: '2026-11-27T09:00:00.000Z',
          upcoming: 4,
        }),
        card('microsoft', {
          configured: false,
          setupHint: CALENDAR_MESSAGES.notConfigured('microsoft'),
        }),
      ],
      autoJoinRule: 'none' as const,
    }));
    renderWithProviders(<CalendarSection />);
    const google = await screen.findByTestId('calendar-google');
    expect(within(google).getByText('ana@acme.example')).toBeTruthy();
    expect(within(google).getByText('4 with a link')).toBeTruthy();
    expect(within(google).getByRole('button', { name: 'Sync now' })).toBeTruthy();
    const microsoft = screen.getByTestId('calendar-microsoft');
    expect(
      within(microsoft).getByRole('button', { name: 'Connect' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(microsoft).getByTestId('calendar-setup-hint').textContent).toContain(
      'MICROSOFT_CALENDAR_CLIENT_ID',
    );
  });

  it('disconnects after asking, and warns when the provider did not confirm the revocation', async () => {
    signInWith(['Base']);
    let connected = true;
    const server = fakeServer()
      .on(calendarRoutes.status, () => ({
        data: [
          card('google'),
          card('microsoft', { connected, accountEmail: connected ? 'ana@acme.example' : null }),
        ],
        autoJoinRule: 'none' as const,
      }))
      .on(calendarRoutes.microsoft.remove, () => {
        connected = false;
        return { message: CALENDAR_MESSAGES.notRevoked('microsoft'), revoked: false };
      });
    renderWithProviders(<CalendarSection />);
    const microsoft = await screen.findByTestId('calendar-microsoft');
    fireEvent.click(within(microsoft).getByRole('button', { name: 'Disconnect' }));
    const ask = await screen.findByRole('alertdialog', {
      name: 'Disconnect Microsoft 365 Calendar?',
    });
    fireEvent.click(within(ask).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: CALENDAR_MESSAGES.notRevoked('microsoft'),
        variant: 'warning',
      }),
    );
    expect(server.calls(calendarRoutes.microsoft.remove)).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('calendar-microsoft')).getByRole('button', { name: 'Connect' }),
      ).toBeTruthy(),
    );
  });
});

describe('the auto-join rule', () => {
  it('shows the saved rule and saves another', async () => {
    signInWith(['Base']);
    let rule: AutoJoinRule = 'none';
    const server = fakeServer()
      .on(calendarRoutes.status, (): CalendarStatus => ({
        data: [card('google'), card('microsoft')],
        autoJoinRule: rule,
      }))
      .on(calendarRoutes.setRule, ({ body }) => {
        rule = (body as { rule: AutoJoinRule }).rule;
        return { data: [card('google'), card('microsoft')], autoJoinRule: rule };
      });
    renderWithProviders(<CalendarSection />);
    const box = await screen.findByTestId('auto-join-rule');
    const select = within(box).getByRole('combobox', { name: 'The notetaker joins' });
    expect(select.textContent).toContain(AUTO_JOIN_RULE_LABELS.none);
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: AUTO_JOIN_RULE_LABELS.external }));
    await waitFor(() => expect(server.calls(calendarRoutes.setRule)).toHaveLength(1));
    const [, init] = server.calls(calendarRoutes.setRule)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ rule: 'external' });
    await waitFor(() =>
      expect(within(box).getByRole('status').textContent).toContain('another domain'),
    );
  });
});
