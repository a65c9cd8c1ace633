import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import type { LocationDataset } from './dataset.js';
import { CITY_LISTS_KEPT, createLocationsService } from './service.js';

/** A small dataset that counts its reads, so the tests can see what the cache answers. */
function countingDataset(failFirstCountries = false) {
  const reads = { countries: 0, states: 0, cities: 0 };
  let failNext = failFirstCountries;
  const dataset: LocationDataset = {
    async countries() {
      reads.countries++;
      await new Promise((r) => setTimeout(r, 5));
      if (failNext) {
        failNext = false;
        throw new Error('disk error');
      }
      return [
        { id: 2, name: 'Zedland', iso2: 'ZD' },
        { id: 1, name: 'Ayland', iso2: 'AY' },
        { id: 3, name: 'Islet', iso2: 'IS' },
      ];
    },
    async states(iso2) {
      reads.states++;
      if (iso2 === 'AY') {
        return [
          { id: 11, name: 'North', iso2: 'N' },
          { id: 10, name: 'East', iso2: 'E' },
        ];
      }
      if (iso2 === 'ZD') return [{ id: 20, name: 'Bare', iso2: 'B' }];
      return [];
    },
    async cities(country, state) {
      reads.cities++;
      if (country === 'AY' && state === 'N') {
        return [
          { id: 101, name: 'Zeta', stateId: 11 },
          { id: 100, name: 'alpha', stateId: 11 },
          // Filed under the same code in the dataset, but another state's: not North's.
          { id: 999, name: 'Stray', stateId: 77 },
        ];
      }
      if (country === 'AY' && state === 'E') {
        return Array.from({ length: 3 }, (_, i) => ({ id: 200 + i, name: `E${i}`, stateId: 10 }));
      }
      return [];
    },
  };
  return { dataset, reads };
}

const message = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).statusCode, message: (err as AppError).message };
};

describe('the location lists', () => {
  it('are sorted by name and read once, however many callers ask at the same time', async () => {
    const { dataset, reads } = countingDataset();
    const locations = createLocationsService(dataset);
    const lists = await Promise.all(Array.from({ length: 5 }, () => locations.countries()));
    expect(lists[0]?.map((c) => c.name)).toEqual(['Ayland', 'Islet', 'Zedland']);
    expect(reads.countries).toBe(1);

    expect((await locations.states('1')).map((s) => [s.name, s.countryId])).toEqual([
      ['East', 1],
      ['North', 1],
    ]);
    await locations.states('1');
    expect(reads.states).toBe(1);

    expect((await locations.cities('11')).map((c) => c.name)).toEqual(['alpha', 'Zeta']);
    await locations.cities('11');
    expect(reads.cities).toBe(1);
  });

  it('finds a state by id without its country having been asked for first', async () => {
    const { dataset } = countingDataset();
    const locations = createLocationsService(dataset);
    expect((await locations.cities('10')).map((c) => c.id)).toEqual([200, 201, 202]);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const locations = createLocationsService(countingDataset().dataset);
    for (const id of ['9', '0', '-1', 'US', '1.5', '99999999999']) {
      expect(await message(locations.states(id))).toEqual({
        status: 404,
        message: 'Country not found',
      });
    }
    for (const id of ['12345', 'abc']) {
      expect(await message(locations.cities(id))).toEqual({
        status: 404,
        message: 'State not found',
      });
    }
  });

  it('reads again after a failed read instead of keeping the failure', async () => {
    const { dataset, reads } = countingDataset(true);
    const locations = createLocationsService(dataset);
    await expect(locations.countries()).rejects.toThrow('disk error');
    expect(await locations.countries()).toHaveLength(3);
    expect(reads.countries).toBe(2);
  });

  it('keeps a bounded number of city lists', async () => {
    const { dataset, reads } = countingDataset();
    const many: LocationDataset = {
      ...dataset,
      countries: async () => [{ id: 1, name: 'Big', iso2: 'BG' }],
      states: async () =>
        Array.from({ length: CITY_LISTS_KEPT + 1 }, (_, i) => ({
          id: i + 1,
          name: `S${i}`,
          iso2: `S${i}`,
        })),
    };
    const locations = createLocationsService(many);
    for (let id = 1; id <= CITY_LISTS_KEPT + 1; id++) await locations.cities(String(id));
    expect(reads.cities).toBe(CITY_LISTS_KEPT + 1);
    // The first list was dropped to make room for the last; the last is still kept.
    await locations.cities(String(CITY_LISTS_KEPT + 1));
    expect(reads.cities).toBe(CITY_LISTS_KEPT + 1);
    await locations.cities('1');
    expect(reads.cities).toBe(CITY_LISTS_KEPT + 2);
  });
});

describe('an address', () => {
  const locations = createLocationsService(countingDataset().dataset);
  const address = (countryId: number, stateId: number | null, cityId: number | null) =>
    locations.checkAddress({ addressLine1: '1 Main St', zipcode: '', countryId, stateId, cityId });

  it('passes when its state is in its country and its city in its state', async () => {
    await expect(address(1, 11, 100)).resolves.toBeUndefined();
    // A country without states, and a state without cities, take none.
    await expect(address(3, null, null)).resolves.toBeUndefined();
    await expect(address(2, 20, null)).resolves.toBeUndefined();
  });

  it('is refused with the reason otherwise', async () => {
    const cases: [number, number | null, number | null, string][] = [
      [4, null, null, 'Choose a country from the list'],
      [1, null, null, 'Choose a state of the chosen country'],
      [1, 20, null, 'The state is not in the chosen country'],
      [1, 11, null, 'Choose a city of the chosen state'],
      [1, 11, 200, 'The city is not in the chosen state'],
      [1, 11, 999, 'The city is not in the chosen state'],
      [3, 11, null, 'The state is not in the chosen country'],
      [3, null, 100, 'The city is not in the chosen state'],
      [2, 20, 100, 'The city is not in the chosen state'],
    ];
    for (const [country, state, city, text] of cases) {
      expect(await message(address(country, state, city))).toEqual({ status: 400, message: text });
    }
  });
});
