import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { USER_LOG_MESSAGES, userLogRoutes, type UserLogPage } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import UserLogsPage from './UserLogsPage';
import { fillDays, rangeFilter } from './model';

/** The first render loads the chart library. */
const SLOW = { timeout: 5000 };

const PAGE: UserLogPage = {
  data: [
    {
      userId: 'u2',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: { email: 'grace@example.com' },
      search: 'Grace Hopper grace@example.com',
      activityCount: 42,
      lastActivityAt: '2026-03-02T09:30:00.000Z',
    },
    {
      userId: 'u3',
      firstName: 'Alan',
      lastName: 'Turing',
      email: { email: 'alan@example.com' },
      search: 'Alan Turing alan@example.com',
      activityCount: 0,
      lastActivityAt: null,
    },
  ],
  activityCount: 42,
  count: 2,
  days: [
    { date: '2026-03-01', count: 40 },
    { date: '2026-03-02', count: 2 },
  ],
};

afterEach(() => {
  cleanup();
  setAuthFailed();
});

// A loaded machine renders the first page (chart and table code) slowly.
describe('User Logs page', { timeout: 20_000 }, () => {
  it("shows a point of contact their organisation's users, totals and the per-day chart", async () => {
    signInWith([]);
    const server = fakeServer().on(userLogRoutes.organization, PAGE);
    renderWithProviders(<UserLogsPage />);
    expect(await screen.findByText('Grace Hopper', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('alan@example.com')).toBeTruthy();
    expect(screen.getByText('No activity')).toBeTruthy();
    expect(screen.getByTestId('activity-chart')).toBeTruthy();
    expect(screen.getByRole('img', { name: '42 calls over 2 days' })).toBeTruthy();
    const [call] = server.calls(userLogRoutes.organization);
    const url = new URL(String(call?.[0]), 'http://localhost');
    // The organisation is the caller's own; no range means all time (no filter sent).
    expect(url.pathname).toBe('/api/v1/userlog/organization/o');
    expect(url.searchParams.get('filter')).toBeNull();
    expect(url.searchParams.get('sort')).toBe('activityCount:desc');
  });

  it('sends the date range as a createdAt between filter and restarts at the first page', async () => {
    signInWith([]);
    const server = fakeServer().on(userLogRoutes.organization, PAGE);
    renderWithProviders(<UserLogsPage />);
    await screen.findByText('Grace Hopper', {}, SLOW);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => {
      const last = server.calls(userLogRoutes.organization).at(-1);
      const url = new URL(String(last?.[0]), 'http://localhost');
      expect(url.searchParams.get('filter')).toMatch(/^createdAt:between:2026-0[23]-\d\dT/);
      expect(url.searchParams.get('page')).toBe('0');
    });
  });

  it("says 'Getting Organization Logs Failed' when the organisation's logs cannot be read", async () => {
    signInWith([]);
    fakeServer().on(userLogRoutes.organization, () =>
      json({ statusCode: 500, error: 'Internal Server Error', message: '' }, 500),
    );
    renderWithProviders(<UserLogsPage />);
    expect(
      await screen.findByText(USER_LOG_MESSAGES.organizationLogsFailed, {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('user log helpers', () => {
  it('fills the days without calls, so the chart has a true time axis', () => {
    expect(fillDays(PAGE.days, { from: '2026-02-28', to: '2026-03-03' })).toEqual([
      { date: '2026-02-28', count: 0 },
      { date: '2026-03-01', count: 40 },
      { date: '2026-03-02', count: 2 },
      { date: '2026-03-03', count: 0 },
    ]);
    expect(fillDays([], { from: '', to: '' })).toEqual([]);
    expect(
      fillDays(
        [
          { date: '2020-01-01', count: 1 },
          { date: '2026-01-01', count: 1 },
        ],
        { from: '', to: '' },
        10,
      ),
    ).toHaveLength(10);
  });

  it('reads no range as all time and a one-sided range up to now or from the start', () => {
    expect(rangeFilter({ from: '', to: '' })).toBeUndefined();
    expect(rangeFilter({ from: '', to: '2026-03-01' })).toMatch(
      /^createdAt:between:1970-01-01T00:00:00.000Z,2026-03-0[12]T/,
    );
  });
});
