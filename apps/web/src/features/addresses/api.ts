import { useQuery } from '@tanstack/react-query';
import { locationRoutes, organizationRoutes, type OrganizationAddresses } from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';

/** The lists do not change while the app runs: read once per session. */
const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

export const locationKeys = {
  countries: ['location'] as const,
  states: (countryId: number) => ['location', 'states', countryId] as const,
  cities: (stateId: number) => ['location', 'cities', stateId] as const,
};
export const addressKeys = {
  organization: (id: string) => ['organization', id] as const,
};

// The address form says which list failed itself (spec 3 §8), so these calls do not toast.
export const useCountries = () =>
  useQuery({
    queryKey: locationKeys.countries,
    queryFn: ({ signal }) => api(locationRoutes.countries, { signal, toast: false }),
    ...FOREVER,
  });

export const useStates = (countryId: number | null) =>
  useQuery({
    queryKey: locationKeys.states(countryId ?? 0),
    queryFn: ({ signal }) =>
      api(locationRoutes.states, { params: { countryId: countryId ?? 0 }, signal, toast: false }),
    enabled: countryId !== null,
    ...FOREVER,
  });

export const useCities = (stateId: number | null) =>
  useQuery({
    queryKey: locationKeys.cities(stateId ?? 0),
    queryFn: ({ signal }) =>
      api(locationRoutes.cities, { params: { stateId: stateId ?? 0 }, signal, toast: false }),
    enabled: stateId !== null,
    ...FOREVER,
  });

/** One organisation with its addresses (its own for a point of contact, any for the super admin). */
export const useOrganizationAddresses = (organizationId: string) =>
  useQuery({
    queryKey: addressKeys.organization(organizationId),
    queryFn: ({ signal }) =>
      api(organizationRoutes.get, { params: { organizationId }, signal, toast: false }),
  });

export const useSaveAddresses = (organizationId: string) =>
  useChange(
    (body: Required<OrganizationAddresses>) =>
      api(organizationRoutes.update, {
        params: { organizationId },
        body: {
          ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
          ...(body.shippingAddress ? { shippingAddress: body.shippingAddress } : {}),
        },
        toast: false,
      }),
    { refresh: addressKeys.organization(organizationId), announce: false },
  );
