import { integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizationRef } from './accounts.js';
import { updatedAt } from './columns.js';

export const ADDRESS_KINDS = ['billing', 'shipping'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
export const addressKindEnum = pgEnum('address_kind', ADDRESS_KINDS);

/**
 * An organisation's billing and shipping addresses (spec 3 §3 Address), one row of each kind at
 * most. Country, state and city are the location dataset's ids (modules/locations); the
 * organisations service checks they nest before it writes them.
 */
export const organizationAddresses = pgTable(
  'organization_addresses',
  {
    organizationId: organizationRef(),
    kind: addressKindEnum('kind').notNull(),
    addressLine1: text('address_line1').notNull(),
    countryId: integer('country_id').notNull(),
    stateId: integer('state_id'),
    cityId: integer('city_id'),
    zipcode: text('zipcode').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind] })],
);
