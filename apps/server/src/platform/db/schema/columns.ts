import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A PostgreSQL `real` (4-byte float) that takes any finite number the contracts allow: the value
 * is rounded to the nearest 4-byte float before it is sent. PostgreSQL stores that rounding
 * anyway, but refuses the whole statement ("out of range for type real") for a number too close
 * to zero to round to a non-zero float4, such as 5e-324, which a 0..2 temperature allows.
 * Magnitudes too large for a float4 are the contracts' to refuse (they bound every real field).
 */
export const real = customType<{ data: number; driverData: number | string }>({
  dataType: () => 'real',
  toDriver: (value) => Math.fround(value),
  fromDriver: (value) => Number(value),
});
