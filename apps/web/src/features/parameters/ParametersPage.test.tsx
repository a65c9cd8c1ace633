import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parameterRoutes, type Parameter, type Threshold } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import ParametersPage from './ParametersPage';

const SLOW = { timeout: 5000 };
const at = '2026-03-01T10:00:00.000Z';
const CREDITS: Parameter = {
  id: 'p1',
  key: 'FREE_MEETING_CREDITS',
  value: '30',
  description: 'Meeting credits a new organization gets on the free plan',
  createdAt: at,
  updatedAt: at,
};
const ACME: Threshold = {
  id: null,
  organizationId: 'o1',
  organizationName: 'Acme Corp',
  key: 'THRESHOLD_HR_SCORE',
  value: null,
  effective: 70,
  createdAt: null,
  updatedAt: null,
};

afterEach(() => {
  cleanup();
  setAuthFailed();
});

// A loaded machine renders the first page (chart and table code) slowly.
describe('Parameters page', { timeout: 20_000 }, () => {
  it('lists the parameters and the thresholds, and changes a value', async () => {
    signInWith([]);
    const server = fakeServer()
      .on(parameterRoutes.list, { data: [CREDITS], count: 1 })
      .on(parameterRoutes.thresholds, { data: [ACME], count: 1 })
      .on(parameterRoutes.update, ({ body }) => ({ ...CREDITS, ...(body as object) }));
    renderWithProviders(<ParametersPage />);
    expect(await screen.findByText('FREE_MEETING_CREDITS', {}, SLOW)).toBeTruthy();
    const thresholds = screen.getByRole('table', { name: 'Thresholds' });
    expect(await within(thresholds).findByText('Acme Corp', {}, SLOW)).toBeTruthy();
    expect(within(thresholds).getByText('Parameter')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit FREE_MEETING_CREDITS' }));
    const value = await screen.findByLabelText('Value');
    fireEvent.change(value, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls(parameterRoutes.update)).toHaveLength(1));
    const [, init] = server.calls(parameterRoutes.update)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ value: '60' });
  });

  it("creates an organisation's own threshold from its row", async () => {
    signInWith([]);
    const server = fakeServer()
      .on(parameterRoutes.list, { data: [], count: 0 })
      .on(parameterRoutes.thresholds, { data: [ACME], count: 1 })
      .on(parameterRoutes.createThreshold, { ...ACME, id: 't1', value: 80, effective: 80 });
    renderWithProviders(<ParametersPage />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Set the threshold of Acme Corp' }, SLOW),
    );
    fireEvent.change(await screen.findByLabelText('Threshold (0–100)'), {
      target: { value: '80' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls(parameterRoutes.createThreshold)).toHaveLength(1));
    const [, init] = server.calls(parameterRoutes.createThreshold)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ organizationId: 'o1', value: 80 });
  });
});
