import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Plug } from 'lucide-react';
import { toastStore } from '../../lib/toast';
import { renderWithProviders } from '../../test/render';
import { setUpPageTests } from '../../test/page-setup';
import {
  OAuthConnectionCard,
  OAuthConnectionGrid,
  useOAuthReturn,
  type OAuthConnectionStatus,
} from './OAuthConnections';

/**
 * The pieces the CRM and calendar sections share: the toast on the way back from the
 * provider's consent page, the card's status and setup hint, the loading and error states.
 */

setUpPageTests();
afterEach(() => toastStore.set(() => []));

const PROVIDERS = ['north', 'south'] as const;
type Provider = (typeof PROVIDERS)[number];

/** The section's hook, and the address it leaves behind. */
function ReturnProbe() {
  useOAuthReturn({
    param: 'crm',
    providers: PROVIDERS,
    connectedTitle: (p: Provider) => `${p} connected`,
  });
  return <output data-testid="search">{useLocation().search}</output>;
}

describe('back from the provider', () => {
  it('says it connected, once, and takes only its own parameters off the address', async () => {
    const { rerender } = renderWithProviders(<ReturnProbe />, {
      path: '/app-integrations?tab=crm&crm=north&crmResult=connected',
    });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?tab=crm'));
    const [shown] = toastStore.get();
    expect(shown).toMatchObject({ title: 'north connected', variant: 'success' });
    rerender(<ReturnProbe />);
    expect(toastStore.get().map((t) => t.id)).toEqual([shown?.id]);
  });

  it('shows the server’s message when connecting failed', async () => {
    renderWithProviders(<ReturnProbe />, {
      path: '/app-integrations?crm=south&crmError=South+could+not+be+connected.',
    });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    expect(toastStore.get()[0]).toMatchObject({
      title: 'South could not be connected.',
      variant: 'error',
    });
  });

  it('leaves an address naming another provider alone', () => {
    renderWithProviders(<ReturnProbe />, { path: '/app-integrations?crm=east&crmError=x' });
    expect(screen.getByTestId('search').textContent).toBe('?crm=east&crmError=x');
    expect(toastStore.get()).toEqual([]);
  });
});

const status = (over: Partial<OAuthConnectionStatus<Provider>>) => ({
  provider: 'north' as const,
  name: 'North',
  configured: true,
  setupHint: null,
  connected: false,
  needsReconnect: false,
  ...over,
});

describe('the card', () => {
  it('shows the connection, a reconnect warning, and the section’s own notes', () => {
    renderWithProviders(
      <OAuthConnectionCard
        status={status({ connected: true, needsReconnect: true })}
        kind="crm"
        icon={Plug}
        description="Imports things."
        rows={[{ label: 'Account', value: 'north.example' }]}
        actions={<button type="button">Disconnect</button>}
      >
        <p>Last import: 3 deals</p>
      </OAuthConnectionCard>,
    );
    const card = screen.getByTestId('crm-north');
    expect(within(card).getByRole('heading', { name: 'North' })).toBeTruthy();
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(within(card).getByText('Reconnect needed')).toBeTruthy();
    expect(within(card).getByText('north.example')).toBeTruthy();
    expect(within(card).getByText('Last import: 3 deals')).toBeTruthy();
    expect(within(card).queryByTestId('crm-setup-hint')).toBeNull();
  });

  it('says what to set up when the server cannot connect the provider', () => {
    renderWithProviders(
      <OAuthConnectionCard
        status={status({ configured: false, setupHint: 'Set NORTH_CLIENT_ID.' })}
        kind="calendar"
        icon={Plug}
        description="Reads meetings."
        rows={[]}
        actions={null}
      />,
    );
    const card = screen.getByTestId('calendar-north');
    expect(within(card).getByText('Not connected')).toBeTruthy();
    expect(within(card).queryByText('Reconnect needed')).toBeNull();
    expect(within(card).getByTestId('calendar-setup-hint').textContent).toBe(
      'Set NORTH_CLIENT_ID.',
    );
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

/** A section reading its status: fails until `answers` says otherwise. */
function GridProbe({ answers }: { answers: { ok: boolean; calls: number } }) {
  const query = useQuery({
    queryKey: ['oauth-grid-probe'],
    queryFn: async () => {
      answers.calls += 1;
      if (!answers.ok) throw new Error('down');
      return { names: ['North', 'South'] };
    },
  });
  return (
    <OAuthConnectionGrid
      query={query}
      icon={Plug}
      what="The connections"
      loadingLabel="Loading connections"
      placeholders={PROVIDERS}
    >
      {(data) => data.names.map((n) => <p key={n}>{n}</p>)}
    </OAuthConnectionGrid>
  );
}

describe('the grid', () => {
  it('shows placeholders, then an error to retry, then the cards', async () => {
    const answers = { ok: false, calls: 0 };
    renderWithProviders(<GridProbe answers={answers} />);
    expect(screen.getByRole('status', { name: 'Loading connections' })).toBeTruthy();
    expect(await screen.findByText('The connections could not be loaded')).toBeTruthy();
    answers.ok = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('South')).toBeTruthy();
    expect(answers.calls).toBe(2);
  });
});
