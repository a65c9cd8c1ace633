import { describe, expect, it } from 'vitest';
import type { City, Country, State } from '@parley/contracts';
import { useSignedInApp, ctx } from '../../test/app-kit.js';
import { call, expectRefusal, json } from '../../test/context.js';

/** The installed dataset's ids (the countries-states-cities database's own numbers). */
const US = 233;
const CALIFORNIA = 1416;
const LOS_ANGELES = 120784;

const who = useSignedInApp(['member', 'seeker']);
const get = <T>(path: string, token = who.member.accessToken) =>
  call(ctx, 'GET', path, { token }).then((res) => ({ res, data: json<{ data: T }>(res).data }));

describe('GET location, location/{countryId}, location/state/{stateId}', () => {
  it('lists countries, a country’s states and a state’s cities by name, from the dataset', async () => {
    const countries = await get<Country[]>('/location');
    expect(countries.res.statusCode).toBe(200);
    expect(countries.data.length).toBeGreaterThan(240);
    expect(countries.data[0]).toEqual({ id: 1, name: 'Afghanistan', iso2: 'AF' });
    expect(countries.data.find((c) => c.iso2 === 'US')).toEqual({
      id: US,
      name: 'United States',
      iso2: 'US',
    });

    const states = await get<State[]>(`/location/${US}`);
    expect(states.data.find((s) => s.id === CALIFORNIA)).toEqual({
      id: CALIFORNIA,
      name: 'California',
      iso2: 'CA',
      countryId: US,
    });
    expect(states.data[0]?.name).toBe('Alabama');
    expect(states.data.every((s) => s.countryId === US)).toBe(true);

    const cities = await get<City[]>(`/location/state/${CALIFORNIA}`);
    expect(cities.data.length).toBeGreaterThan(1000);
    expect(cities.data).toContainEqual({
      id: LOS_ANGELES,
      name: 'Los Angeles',
      stateId: CALIFORNIA,
    });
    expect(cities.data.every((c) => c.stateId === CALIFORNIA)).toBe(true);
    const names = cities.data.map((c) => c.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
  });

  it('gives an empty list for a country the dataset does not divide', async () => {
    const vatican = await get<State[]>('/location/238');
    expect(vatican.res.statusCode).toBe(200);
    expect(vatican.data).toEqual([]);
  });

  it('answers any signed-in account; 404 for ids that name nothing; 401 without a token', async () => {
    expect((await get<Country[]>('/location', who.seeker.accessToken)).res.statusCode).toBe(200);
    expectRefusal((await get('/location/99999')).res, 404, 'Country not found');
    expectRefusal((await get('/location/US')).res, 404, 'Country not found');
    expectRefusal((await get('/location/state/99999999')).res, 404, 'State not found');
    expect((await call(ctx, 'GET', '/location')).statusCode).toBe(401);
  });
});
