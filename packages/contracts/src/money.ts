import { z } from 'zod';

/*
 * Money travels and is stored as whole minor units of a currency (cents for USD, yen for JPY),
 * so totals and discounts are integer sums. A decimal amount typed by a person ("12.5") is
 * turned into minor units by reading its digits, never by multiplying a float.
 */

/** The currency when CURRENCY is not set. */
export const DEFAULT_CURRENCY = 'USD';

/** Whether `code` is an ISO 4217 currency this runtime knows. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** Digits after the decimal point in `currency` (2 for USD, 0 for JPY, 3 for KWD). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** The largest amount accepted anywhere, in major units: keeps minor units far inside int4. */
export const MAX_AMOUNT = 1_000_000;

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * An amount as typed or sent ("12.5", 12.5, "0.999") in minor units of `currency`, rounded half
 * up to the currency's digits; null when it is not a plain non-negative decimal or is above
 * MAX_AMOUNT.
 */
export function toMinorUnits(amount: string | number, currency: string): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const digits = minorDigits(currency);
  const whole = m[1] ?? '0';
  const fraction = (m[2] ?? '').padEnd(digits + 1, '0');
  const kept = Number(whole + fraction.slice(0, digits));
  const minor = kept + (Number(fraction[digits]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(minor) || minor > MAX_AMOUNT * 10 ** digits) return null;
  return minor;
}

/** Minor units as a decimal string with the currency's digits: 1250 USD -> "12.50". */
export function toDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** `percent` (whole, 0–100) of an amount in minor units, rounded half up: integer maths only. */
export function percentOf(minor: number, percent: number): number {
  return Math.floor((minor * percent + 50) / 100);
}

/** An amount in a response: the decimal to show, the minor units to add up, the currency. */
export const moneySchema = z.object({
  amount: z.string(),
  minor: z.number().int(),
  currency: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

export const money = (minor: number, currency: string): Money => ({
  amount: toDecimal(minor, currency),
  minor,
  currency,
});

/** A price as a person types it: a number or a decimal string; checked by toMinorUnits. */
export const amountInput = z.union([z.number().nonnegative(), z.string().trim().min(1)], {
  error: 'price must be an amount such as 12.50',
});

/** Minor units with the currency's symbol, for display only: 1250 USD -> "$12.50". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(
    Number(toDecimal(minor, currency)),
  );
}
