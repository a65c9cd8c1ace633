import type { InvoiceParty } from '@parley/contracts';
import type { LocationsService } from '../locations/index.js';

export type AddressNames = Pick<LocationsService, 'countries' | 'states' | 'cities'>;

interface StoredAddress {
  addressLine1: string;
  countryId: number;
  stateId: number | null;
  cityId: number | null;
  zipcode: string;
}

/** A dataset name, or nothing when the id is gone from it (the invoice still prints). */
async function nameIn<T extends { id: number; name: string }>(
  list: () => Promise<T[]>,
  id: number | null,
): Promise<string | null> {
  if (id === null) return null;
  try {
    return (await list()).find((x) => x.id === id)?.name ?? null;
  } catch {
    return null;
  }
}

/**
 * A party as printed: its name and address lines, with the country, state and city spelled
 * out, so the copy kept on the invoice reads the same whatever the dataset does later.
 */
export async function partyOf(
  name: string,
  address: StoredAddress | null,
  locations: AddressNames,
): Promise<InvoiceParty> {
  if (!address) return { name, lines: [] };
  const [country, state, city] = await Promise.all([
    nameIn(() => locations.countries(), address.countryId),
    nameIn(() => locations.states(String(address.countryId)), address.stateId),
    address.stateId === null
      ? null
      : nameIn(() => locations.cities(String(address.stateId)), address.cityId),
  ]);
  const place = [city, [state, address.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return { name, lines: [address.addressLine1, place, country ?? ''].filter(Boolean) };
}
