import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Spec 3 §8 Address texts, and the server's answers for an address it cannot keep. The
 * shipping form loads its own lists, so its failures are named apart from the billing ones.
 */
export const ADDRESS_MESSAGES = {
  countriesFailed: 'Get Countries Request failed',
  statesFailed: 'Get States Request failed',
  citiesFailed: 'Fetching Cities by state failed',
  shippingCountriesFailed: 'Get Shipping Countries Request failed',
  shippingStatesFailed: 'Get Shipping States Request failed',
  shippingCitiesFailed: 'Fetching Shipping Cities by state failed',
  updateFailed: 'Something went wrong in updating organization billing address',
  rejected: 'Updating Organization failed with the provided data',
  saved: 'Addresses saved',
  countryNotFound: 'Country not found',
  stateNotFound: 'State not found',
  unknownCountry: 'Choose a country from the list',
  stateRequired: 'Choose a state of the chosen country',
  stateNotInCountry: 'The state is not in the chosen country',
  cityRequired: 'Choose a city of the chosen state',
  cityNotInState: 'The city is not in the chosen state',
  nothingToChange: 'Send a name, a billing address or a shipping address',
} as const;

/** Ids are the location dataset's own numbers, stable between its releases. */
const locationId = z.number().int().positive();

export const countrySchema = z.object({ id: locationId, name: z.string(), iso2: z.string() });
export const stateSchema = z.object({
  id: locationId,
  name: z.string(),
  iso2: z.string(),
  countryId: locationId,
});
export const citySchema = z.object({ id: locationId, name: z.string(), stateId: locationId });
export type Country = z.infer<typeof countrySchema>;
export type State = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;

/**
 * A billing or shipping address (spec 3 §3 Address). State and city are null only where the
 * dataset has none for the country or state; the server checks each belongs to the one above.
 */
export const addressSchema = z.object({
  addressLine1: z
    .string()
    .trim()
    .min(1, 'Enter the street address')
    .max(200, 'The street address may be at most 200 characters'),
  countryId: locationId,
  stateId: locationId.nullable(),
  cityId: locationId.nullable(),
  /** Empty where the country has no postal codes. */
  zipcode: z
    .string()
    .trim()
    .max(20, 'The postal code may be at most 20 characters')
    .regex(/^[\p{L}\p{N} -]*$/u, 'Use letters, digits, spaces and hyphens in the postal code'),
});
export type Address = z.infer<typeof addressSchema>;

/** The organisation's two addresses, null until first saved. */
export const organizationAddressesSchema = z.object({
  billingAddress: addressSchema.nullable(),
  shippingAddress: addressSchema.nullable(),
});
export type OrganizationAddresses = z.infer<typeof organizationAddressesSchema>;

const byIdParam = (what: string) => `${what} (the location dataset's number)`;

export const locationRoutes = {
  countries: defineRoute({
    method: 'GET',
    path: '/location',
    summary: 'Every country, by name',
    tags: ['location'],
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.array(countrySchema) }),
  }),
  states: defineRoute({
    method: 'GET',
    path: '/location/:countryId',
    summary: `The states of a country, by name; countryId is ${byIdParam('its id')}`,
    tags: ['location'],
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.array(stateSchema) }),
  }),
  cities: defineRoute({
    method: 'GET',
    path: '/location/state/:stateId',
    summary: `The cities of a state, by name; stateId is ${byIdParam('its id')}`,
    tags: ['location'],
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.array(citySchema) }),
  }),
} as const;
