import {
  ADDRESS_MESSAGES as M,
  type Address,
  type City,
  type Country,
  type State,
} from '@parley/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import type { LocationDataset } from './dataset.js';

/** How many states' city lists stay in memory; a list is read again from disk after that. */
export const CITY_LISTS_KEPT = 400;

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = <T extends { name: string }>(list: T[]) =>
  list.sort((a, b) => collator.compare(a.name, b.name));

/** A positive whole number from a path segment, or null: other text names no location. */
function idFrom(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/**
 * Country, state and city lists (spec 3 §4, §7 Location), and the check that an address's state
 * is in its country and its city in its state. Lists are read once and answered from memory;
 * concurrent first reads share one read, and a failed read is tried again on the next call.
 */
export function createLocationsService(dataset: LocationDataset) {
  let countries: Promise<{ list: Country[]; byId: Map<number, Country> }> | null = null;
  const statesByCountry = new Map<number, Promise<State[]>>();
  /** Every state read so far, with its country: what `location/state/{id}` starts from. */
  const stateIndex = new Map<number, State>();
  let everyState: Promise<void> | null = null;
  const citiesByState = new Map<number, Promise<City[]>>();

  /** Caches a promise under a key, dropping it again if it fails so the next call retries. */
  function remember<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>) {
    const cached = cache.get(key);
    if (cached) return cached;
    const loading = load();
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
    return loading;
  }

  function allCountries() {
    countries ??= dataset.countries().then(
      (rows) => {
        const list = byName(rows.map(({ id, name, iso2 }) => ({ id, name, iso2 })));
        return { list, byId: new Map(list.map((c) => [c.id, c])) };
      },
      (err: unknown) => {
        countries = null;
        throw err;
      },
    );
    return countries;
  }

  const countryById = async (id: number) => (await allCountries()).byId.get(id) ?? null;

  function statesOf(country: Country): Promise<State[]> {
    return remember(statesByCountry, country.id, async () => {
      const rows = await dataset.states(country.iso2);
      const list = byName(rows.map((s) => ({ ...s, countryId: country.id })));
      for (const s of list) stateIndex.set(s.id, s);
      return list;
    });
  }

  /** A state by id: from the states read so far, else after reading every country's once. */
  async function stateById(id: number): Promise<State | null> {
    if (!stateIndex.has(id)) {
      everyState ??= allCountries()
        .then(async ({ list }) => {
          for (const c of list) await statesOf(c);
        })
        .catch((err: unknown) => {
          everyState = null;
          throw err;
        });
      await everyState;
    }
    return stateIndex.get(id) ?? null;
  }

  function citiesOf(state: State): Promise<City[]> {
    const cached = citiesByState.get(state.id);
    if (cached) {
      // Most recently used last: the first key is the one to drop when the cache is full.
      citiesByState.delete(state.id);
      citiesByState.set(state.id, cached);
      return cached;
    }
    if (citiesByState.size >= CITY_LISTS_KEPT) {
      const oldest = citiesByState.keys().next().value;
      if (oldest !== undefined) citiesByState.delete(oldest);
    }
    return remember(citiesByState, state.id, async () => {
      const country = await countryById(state.countryId);
      if (!country) return [];
      const rows = await dataset.cities(country.iso2, state.iso2);
      // The dataset files cities by state code; the id check keeps a state to its own cities.
      return byName(rows.filter((c) => c.stateId === state.id));
    });
  }

  return {
    async countries(): Promise<Country[]> {
      return (await allCountries()).list;
    },

    async states(countryId: string): Promise<State[]> {
      const id = idFrom(countryId);
      const country = id === null ? null : await countryById(id);
      if (!country) throw notFound(M.countryNotFound);
      return statesOf(country);
    },

    async cities(stateId: string): Promise<City[]> {
      const id = idFrom(stateId);
      const state = id === null ? null : await stateById(id);
      if (!state) throw notFound(M.stateNotFound);
      return citiesOf(state);
    },

    /**
     * 400 unless the address names a known country, one of its states (none only where it has
     * none) and one of that state's cities (likewise).
     */
    async checkAddress(address: Address): Promise<void> {
      const country = await countryById(address.countryId);
      if (!country) throw badRequest(M.unknownCountry);
      const states = await statesOf(country);
      if (states.length === 0) {
        if (address.stateId !== null) throw badRequest(M.stateNotInCountry);
        if (address.cityId !== null) throw badRequest(M.cityNotInState);
        return;
      }
      if (address.stateId === null) throw badRequest(M.stateRequired);
      const state = states.find((s) => s.id === address.stateId);
      if (!state) throw badRequest(M.stateNotInCountry);
      const cities = await citiesOf(state);
      if (cities.length === 0) {
        if (address.cityId !== null) throw badRequest(M.cityNotInState);
        return;
      }
      if (address.cityId === null) throw badRequest(M.cityRequired);
      if (!cities.some((c) => c.id === address.cityId)) throw badRequest(M.cityNotInState);
    },
  };
}
export type LocationsService = ReturnType<typeof createLocationsService>;
