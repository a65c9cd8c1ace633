import { z } from 'zod';

/**
 * Days and instants that clients send as filters and fields. ISO 8601 allows year 0000 and a
 * day 9999-12-31 whose next day is in year 10000; PostgreSQL has no year 0, and JavaScript
 * writes year 10000 as "+010000-01-01", which PostgreSQL cannot read. Either used to fail the
 * whole query (a 500, found by the route fuzzer); the years 1 to 9998 leave room for the day
 * after and for any time-zone offset.
 */
const FIRST_YEAR = 1;
const LAST_YEAR = 9998;
const YEARS_MESSAGE = `Use a date between the years ${FIRST_YEAR} and ${LAST_YEAR}`;

/** Whether a moment falls within the years the database and the server both write plainly. */
export function inSupportedYears(moment: Date): boolean {
  const year = moment.getUTCFullYear();
  return !Number.isNaN(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A calendar day, YYYY-MM-DD, that exists, within the supported years. */
export const calendarDay = (message?: string) =>
  z.iso
    .date(message ? { error: message } : undefined)
    .refine((day) => inSupportedYears(new Date(`${day}T00:00:00Z`)), YEARS_MESSAGE);

/** A day or an instant with its offset (2026-01-31, 2026-01-31T09:00:00+01:00). */
export const dayOrInstant = () =>
  z.iso
    .datetime({ offset: true })
    .or(z.iso.date())
    .refine((value) => inSupportedYears(new Date(value)), YEARS_MESSAGE);
