import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Address, OrganizationAddresses } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  organizationAddresses,
  organizations,
  type AddressKind,
} from '../../platform/db/schema.js';

type AddressRow = typeof organizationAddresses.$inferSelect;
const toAddress = (row: AddressRow | undefined): Address | null =>
  row
    ? {
        addressLine1: row.addressLine1,
        countryId: row.countryId,
        stateId: row.stateId,
        cityId: row.cityId,
        zipcode: row.zipcode,
      }
    : null;

export interface OrganizationChange {
  name?: string;
  billingAddress?: Address;
  shippingAddress?: Address;
}

/** The organisation's billing and shipping addresses, and changes to them with its name. */
export function createAddressRepo(db: Db) {
  return {
    async addresses(organizationId: string): Promise<OrganizationAddresses> {
      const rows = await db
        .select()
        .from(organizationAddresses)
        .where(eq(organizationAddresses.organizationId, organizationId));
      return {
        billingAddress: toAddress(rows.find((r) => r.kind === 'billing')),
        shippingAddress: toAddress(rows.find((r) => r.kind === 'shipping')),
      };
    },

    /**
     * The name and addresses given, in one transaction; false (nothing written) when the
     * organisation is unknown or closed.
     */
    async update(organizationId: string, change: OrganizationChange, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [open] = await tx
          .update(organizations)
          .set({ ...(change.name === undefined ? {} : { name: change.name }), updatedAt: at })
          .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
          .returning({ id: organizations.id });
        if (!open) return false;
        const kinds: [AddressKind, Address | undefined][] = [
          ['billing', change.billingAddress],
          ['shipping', change.shippingAddress],
        ];
        for (const [kind, address] of kinds) {
          if (!address) continue;
          await tx
            .insert(organizationAddresses)
            .values({ organizationId, kind, ...address, updatedAt: at })
            .onConflictDoUpdate({
              target: [organizationAddresses.organizationId, organizationAddresses.kind],
              set: {
                addressLine1: sql`excluded.address_line1`,
                countryId: sql`excluded.country_id`,
                stateId: sql`excluded.state_id`,
                cityId: sql`excluded.city_id`,
                zipcode: sql`excluded.zipcode`,
                updatedAt: sql`excluded.updated_at`,
              },
            });
        }
        return true;
      });
    },
  };
}
export type AddressRepo = ReturnType<typeof createAddressRepo>;
