import { useEffect } from 'react';
import { ADDRESS_MESSAGES as M, type Address } from '@parley/contracts';
import { Button, SearchableSelect, TextField, type SelectOption } from '../../ui';
import { useCities, useCountries, useStates } from './api';

/** An address being edited: country, state and city are null until chosen. */
export interface AddressDraft {
  addressLine1: string;
  zipcode: string;
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
}
export type AddressField = keyof AddressDraft;
export type AddressKind = 'billing' | 'shipping';

export const EMPTY_ADDRESS: AddressDraft = {
  addressLine1: '',
  zipcode: '',
  countryId: null,
  stateId: null,
  cityId: null,
};
export const draftOf = (address: Address | null): AddressDraft => address ?? EMPTY_ADDRESS;

/** Spec 3 §8: the shipping form's lists fail under names of their own. */
const FAILURES: Record<AddressKind, { countries: string; states: string; cities: string }> = {
  billing: { countries: M.countriesFailed, states: M.statesFailed, cities: M.citiesFailed },
  shipping: {
    countries: M.shippingCountriesFailed,
    states: M.shippingStatesFailed,
    cities: M.shippingCitiesFailed,
  },
};

const optionsOf = (list: { id: number; name: string }[] | undefined): SelectOption[] =>
  (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));

function ListFailure({ message, retry }: { message: string; retry(): void }) {
  return (
    <p role="alert" className="flex items-center gap-2 text-xs text-danger">
      {message}
      <Button type="button" variant="link" size="sm" className="text-xs" onClick={retry}>
        Try again
      </Button>
    </p>
  );
}

interface AddressFieldsProps {
  kind: AddressKind;
  value: AddressDraft;
  /** Takes a function of the current draft: the cascade below chains several changes. */
  update(change: (draft: AddressDraft) => AddressDraft): void;
  /** Off: shown as saved, nothing chosen for the user. */
  editable: boolean;
  errors?: Partial<Record<AddressField, string>>;
}

/**
 * One address (spec 3 §4): street, country → state → city, postal code. While editable, the
 * first country is chosen when there is none, and a new country or state brings its first
 * state or city, as its list arrives.
 */
export function AddressFields({ kind, value, update, editable, errors = {} }: AddressFieldsProps) {
  const countries = useCountries();
  const states = useStates(value.countryId);
  const cities = useCities(value.stateId);
  const failures = FAILURES[kind];
  const firstCountry = countries.data?.data[0]?.id;
  const firstState = states.data?.data[0]?.id;
  const firstCity = cities.data?.data[0]?.id;

  useEffect(() => {
    if (editable && value.countryId === null && firstCountry !== undefined) {
      update((d) => ({ ...d, countryId: firstCountry, stateId: null, cityId: null }));
    }
  }, [editable, value.countryId, firstCountry, update]);
  useEffect(() => {
    if (editable && value.stateId === null && firstState !== undefined) {
      update((d) => ({ ...d, stateId: firstState, cityId: null }));
    }
  }, [editable, value.stateId, firstState, update]);
  useEffect(() => {
    if (editable && value.cityId === null && firstCity !== undefined) {
      update((d) => ({ ...d, cityId: firstCity }));
    }
  }, [editable, value.cityId, firstCity, update]);

  const text = (field: 'addressLine1' | 'zipcode') => ({
    value: value[field],
    onChange: (e: { target: { value: string } }) => {
      const next = e.target.value;
      update((d) => ({ ...d, [field]: next }));
    },
    disabled: !editable,
    error: errors[field],
    name: `${kind}-${field}`,
  });
  const id = (n: number | null) => (n === null ? '' : String(n));
  const noStates = states.isSuccess && states.data.data.length === 0;
  const noCities = cities.isSuccess && cities.data.data.length === 0;

  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid={`${kind}-address`}>
      <TextField
        label="Street address"
        autoComplete={`${kind} address-line1`}
        className="sm:col-span-2"
        {...text('addressLine1')}
      />
      <div className="flex flex-col gap-1">
        <SearchableSelect
          label="Country"
          value={id(value.countryId)}
          options={optionsOf(countries.data?.data)}
          loading={countries.isLoading}
          disabled={!editable}
          placeholder={editable ? 'Choose a country' : 'Not set'}
          error={errors.countryId}
          onValueChange={(v) =>
            update((d) => ({ ...d, countryId: Number(v), stateId: null, cityId: null }))
          }
        />
        {countries.isError ? (
          <ListFailure message={failures.countries} retry={() => void countries.refetch()} />
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <SearchableSelect
          label="State"
          value={id(value.stateId)}
          options={optionsOf(states.data?.data)}
          loading={states.isLoading}
          disabled={!editable || noStates || value.countryId === null}
          placeholder={editable ? 'Choose a state' : 'Not set'}
          emptyText={noStates ? 'No states listed for this country' : 'Choose a country first'}
          error={errors.stateId}
          onValueChange={(v) => update((d) => ({ ...d, stateId: Number(v), cityId: null }))}
        />
        {states.isError ? (
          <ListFailure message={failures.states} retry={() => void states.refetch()} />
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <SearchableSelect
          label="City"
          value={id(value.cityId)}
          options={optionsOf(cities.data?.data)}
          loading={cities.isLoading}
          disabled={!editable || noCities || value.stateId === null}
          placeholder={editable ? 'Choose a city' : 'Not set'}
          emptyText={noCities ? 'No cities listed for this state' : 'Choose a state first'}
          error={errors.cityId}
          onValueChange={(v) => update((d) => ({ ...d, cityId: Number(v) }))}
        />
        {cities.isError ? (
          <ListFailure message={failures.cities} retry={() => void cities.refetch()} />
        ) : null}
      </div>
      <TextField label="Postal code" autoComplete={`${kind} postal-code`} {...text('zipcode')} />
    </div>
  );
}
