import { getCitiesOfState, getCountries, getStatesOfCountry } from '@countrystatecity/countries';

/**
 * The world's countries, states and cities, read from the @countrystatecity/countries package
 * (the countries-states-cities database, ODbL-1.0, maintained by its own author): JSON files
 * installed with the package, read from disk on demand, nothing fetched at install or run time.
 * Only what the address form needs is kept; the package's translations and coordinates are not.
 */
export interface LocationDataset {
  countries(): Promise<{ id: number; name: string; iso2: string }[]>;
  /** A country's states; empty for the countries the dataset divides no further. */
  states(countryIso2: string): Promise<{ id: number; name: string; iso2: string }[]>;
  /** A state's cities; empty where the dataset lists none. */
  cities(
    countryIso2: string,
    stateIso2: string,
  ): Promise<{ id: number; name: string; stateId: number }[]>;
}

export const packagedLocations: LocationDataset = {
  async countries() {
    return (await getCountries()).map(({ id, name, iso2 }) => ({ id, name, iso2 }));
  },
  async states(countryIso2) {
    return (await getStatesOfCountry(countryIso2)).map(({ id, name, iso2 }) => ({
      id,
      name,
      iso2,
    }));
  },
  async cities(countryIso2, stateIso2) {
    return (await getCitiesOfState(countryIso2, stateIso2)).map(({ id, name, state_id }) => ({
      id,
      name,
      stateId: state_id,
    }));
  },
};
