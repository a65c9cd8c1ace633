import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ADDRESS_MESSAGES as M,
  locationRoutes,
  organizationRoutes,
  type Address,
  type OrganizationDetail,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { AddressesCard } from './AddressesCard';

// The popover measures its trigger; jsdom has no ResizeObserver.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));
afterEach(() => {
  cleanup();
  setAuthFailed();
  vi.unstubAllGlobals();
});

const COUNTRIES = [
  { id: 1, name: 'Ayland', iso2: 'AY' },
  { id: 2, name: 'Bland', iso2: 'BL' },
];
const STATES: Record<string, { id: number; name: string }[]> = {
  '1': [
    { id: 10, name: 'East' },
    { id: 11, name: 'North' },
  ],
  '2': [{ id: 20, name: 'West' }],
};
const CITIES: Record<string, { id: number; name: string }[]> = {
  '10': [
    { id: 100, name: 'Alpha' },
    { id: 101, name: 'Beta' },
  ],
  '11': [{ id: 110, name: 'Gamma' }],
  '20': [{ id: 200, name: 'Delta' }],
};

const record = (addresses: Partial<OrganizationDetail> = {}): OrganizationDetail => ({
  id: 'org-1',
  name: 'Acme',
  logo: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  usersCount: 3,
  planName: null,
  pointOfContact: null,
  billingAddress: null,
  shippingAddress: null,
  ...addresses,
});

type Server = ReturnType<typeof fakeServer>;

/** The card over a fake API; `first` registers answers that take precedence over the defaults. */
function page(saved = record(), first?: (server: Server) => void) {
  signInWith([]);
  let current = saved;
  const server = fakeServer();
  first?.(server);
  server
    .on(locationRoutes.countries, { data: COUNTRIES })
    .on(locationRoutes.states, ({ params }) => ({
      data: (STATES[params.countryId ?? ''] ?? []).map((s) => ({
        ...s,
        iso2: s.name.slice(0, 2),
        countryId: Number(params.countryId),
      })),
    }))
    .on(locationRoutes.cities, ({ params }) => ({
      data: (CITIES[params.stateId ?? ''] ?? []).map((c) => ({
        ...c,
        stateId: Number(params.stateId),
      })),
    }))
    .on(organizationRoutes.get, () => ({ data: current }))
    .on(organizationRoutes.update, ({ body }) => {
      current = { ...current, ...(body as Partial<OrganizationDetail>) };
      return { data: current, message: 'Organization updated' };
    });
  renderWithProviders(<AddressesCard organizationId="org-1" />);
  return server;
}

const section = (kind: 'billing' | 'shipping') => within(screen.getByTestId(`${kind}-address`));
const picker = (kind: 'billing' | 'shipping', label: 'Country' | 'State' | 'City') =>
  section(kind).getByRole('button', { name: label });
async function choose(
  kind: 'billing' | 'shipping',
  label: 'Country' | 'State' | 'City',
  name: string,
) {
  fireEvent.click(picker(kind, label));
  fireEvent.click(await screen.findByRole('option', { name }));
}
const shows = (kind: 'billing' | 'shipping', label: 'Country' | 'State' | 'City', text: string) =>
  // The cascade is three requests in a row: give it longer than waitFor's default second.
  waitFor(() => expect(picker(kind, label).textContent).toBe(text), { timeout: 5_000 });
const sentBodies = (server: Server) =>
  server.calls(organizationRoutes.update).map(([, init]) => JSON.parse(String(init?.body)));

// Each test walks several lists through popovers: slow on a busy machine, not stuck.
describe('the address form (spec 3 §4)', { timeout: 20_000 }, () => {
  it('on Edit chooses the first country, its first state and that state’s first city; a new country or state brings its first', async () => {
    page();
    const edit = await screen.findByRole('button', { name: 'Edit addresses' });
    await shows('billing', 'Country', 'Not set');
    fireEvent.click(edit);
    await shows('billing', 'Country', 'Ayland');
    await shows('billing', 'State', 'East');
    await shows('billing', 'City', 'Alpha');

    await choose('billing', 'Country', 'Bland');
    await shows('billing', 'State', 'West');
    await shows('billing', 'City', 'Delta');

    await choose('billing', 'Country', 'Ayland');
    await choose('billing', 'State', 'North');
    await shows('billing', 'City', 'Gamma');
  });

  it('narrows a long list as one types', async () => {
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit addresses' }));
    await shows('billing', 'City', 'Alpha');
    fireEvent.click(picker('billing', 'City'));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search city' }), {
      target: { value: 'bet' },
    });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Beta']);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search city' }), { key: 'Enter' });
    await shows('billing', 'City', 'Beta');
  });

  it('saves billing as shipping too when "Same as the billing address" is ticked', async () => {
    const server = page();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit addresses' }));
    await shows('billing', 'City', 'Alpha');
    fireEvent.change(section('billing').getByLabelText('Street address'), {
      target: { value: ' 1 Main St ' },
    });
    fireEvent.change(section('billing').getByLabelText('Postal code'), {
      target: { value: 'AY-1' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Same as the billing address' }));
    // The shipping fields show the billing address and cannot be changed meanwhile.
    await shows('shipping', 'City', 'Alpha');
    expect(picker('shipping', 'Country').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save addresses' }));

    const expected: Address = {
      addressLine1: '1 Main St',
      countryId: 1,
      stateId: 10,
      cityId: 100,
      zipcode: 'AY-1',
    };
    await waitFor(() => expect(sentBodies(server)).toHaveLength(1));
    expect(sentBodies(server)[0]).toEqual({ billingAddress: expected, shippingAddress: expected });
    // Editing ends and the saved addresses show.
    expect(await screen.findByRole('button', { name: 'Edit addresses' })).toBeTruthy();
    await shows('shipping', 'Country', 'Ayland');
    expect((section('shipping').getByLabelText('Street address') as HTMLInputElement).value).toBe(
      '1 Main St',
    );
  });

  it('Cancel puts back the addresses editing started from and clears the copy tick', async () => {
    const saved: Address = {
      addressLine1: '9 Side Rd',
      countryId: 2,
      stateId: 20,
      cityId: 200,
      zipcode: '2000',
    };
    const server = page(record({ billingAddress: saved, shippingAddress: saved }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit addresses' }));
    await shows('billing', 'City', 'Delta');
    fireEvent.change(section('billing').getByLabelText('Street address'), {
      target: { value: 'Elsewhere' },
    });
    await choose('billing', 'Country', 'Ayland');
    await shows('billing', 'City', 'Alpha');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Same as the billing address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await shows('billing', 'Country', 'Bland');
    await shows('billing', 'City', 'Delta');
    expect((section('billing').getByLabelText('Street address') as HTMLInputElement).value).toBe(
      '9 Side Rd',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit addresses' }));
    expect(
      screen
        .getByRole('checkbox', { name: 'Same as the billing address' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(sentBodies(server)).toHaveLength(0);
  });

  it('asks for the street before sending, and shows the server’s reason for a refusal', async () => {
    const server = page(record(), (s) =>
      s.on(organizationRoutes.update, () =>
        json({ statusCode: 400, error: 'Bad Request', message: M.cityNotInState }, 400),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit addresses' }));
    await shows('shipping', 'City', 'Alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Save addresses' }));
    expect((await screen.findAllByText('Enter the street address')).length).toBe(2);
    expect(sentBodies(server)).toHaveLength(0);

    for (const kind of ['billing', 'shipping'] as const) {
      fireEvent.change(section(kind).getByLabelText('Street address'), {
        target: { value: '1 Main St' },
      });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save addresses' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(M.cityNotInState);
    // Still editing, with what was typed.
    expect(screen.getByRole('button', { name: 'Save addresses' })).toBeTruthy();
  });

  it('says which list failed, in the billing and the shipping form’s own words', async () => {
    page(record(), (s) =>
      s.on(locationRoutes.states, () =>
        json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit addresses' }));
    expect(await screen.findByText(M.statesFailed)).toBeTruthy();
    expect(await screen.findByText(M.shippingStatesFailed)).toBeTruthy();
  });
});
