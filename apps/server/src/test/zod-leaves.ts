import fc from 'fast-check';
import type { z } from 'zod';

/**
 * The leaves of the zod → fast-check mapper (zod-arbitrary.ts): the schema definition shapes it
 * reads, and valid, boundary and spoiled strings and numbers by their checks (lengths, formats,
 * patterns, limits).
 */

/** A JSON value as a request carries it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Values for string fields the seeded organisation has (a meeting id, a member's address, a URL
 * that answers at once), offered beside generated ones so valid requests reach past the lookups
 * into the handlers.
 */
export type StringHints = (key: string, format: string | undefined) => readonly string[];

/** The parts of a zod 4 schema definition this mapper reads. */
interface CheckDef {
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  pattern?: RegExp;
  includes?: string;
}
interface SchemaDef extends CheckDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  innerType?: Schema;
  in?: Schema;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  items?: Schema[];
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: Schema;
  valueType?: Schema;
}
export interface Schema {
  _zod: { def: SchemaDef; optin?: 'optional' };
}

export const schemaOf = (s: z.ZodType): Schema => s as unknown as Schema;

/** The checks of a schema, the schema itself first when it is one (z.uuid(), z.email()). */
function checksOf(def: SchemaDef): CheckDef[] {
  return [...(def.check ? [def] : []), ...(def.checks ?? []).map((c) => c._zod.def)];
}

/** A required key may be left out only when the schema takes undefined (optional, default). */
export const isOptional = (s: Schema): boolean => s._zod.optin === 'optional';

/** Text that the input guard refuses and PostgreSQL cannot store, and other awkward characters. */
const AWKWARD_CHARS = ['\u0000', '\ud800', '\udfff', "'", '"', '\\', '%', '\n', '\u202e', '😀'];
const charUnit = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...AWKWARD_CHARS) },
);
export const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: charUnit, minLength, maxLength });

/** Longest text generated at random; longer limits are reached by the boundary values. */
const RANDOM_TEXT_MAX = 40;
/** Longest array generated beyond its minimum; the maximum itself is a boundary value. */
export const RANDOM_ITEMS = 3;
/** Arrays longer than this are not built at their maximum (a body of megabytes says nothing new). */
export const MAX_BOUNDARY_ITEMS = 100;
/** How deep the mapper follows nested schemas before it answers null. */
export const MAX_DEPTH = 8;

export const wrongTypes = (except: string): fc.Arbitrary<Json> =>
  fc.constantFrom<Json>(
    ...(
      [
        ['string', 'fuzz'],
        ['number', 12345],
        ['boolean', true],
        ['null', null],
        ['array', ['fuzz']],
        ['object', { fuzz: 1 }],
      ] as [string, Json][]
    )
      .filter(([t]) => t !== except)
      .map(([, v]) => v),
  );

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

interface StringLimits {
  min: number;
  max: number | undefined;
  format: string | undefined;
  pattern: RegExp | undefined;
  includes: string | undefined;
}

export function stringLimits(def: SchemaDef): StringLimits {
  const limits: StringLimits = {
    min: 0,
    max: undefined,
    format: undefined,
    pattern: undefined,
    includes: undefined,
  };
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') limits.min = Math.max(limits.min, c.minimum ?? 0);
    if (c.check === 'max_length') limits.max = Math.min(limits.max ?? Infinity, c.maximum ?? 0);
    if (c.check === 'length_equals') limits.min = limits.max = c.length ?? 0;
    if (c.check === 'string_format') {
      if (c.format === 'includes') limits.includes = c.includes;
      else if (c.format === 'regex') limits.pattern = c.pattern;
      else limits.format = c.format;
    }
  }
  return limits;
}

function formatted(format: string | undefined, pattern: RegExp | undefined) {
  switch (format) {
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      // The calendar's edges too: year 0 (which PostgreSQL does not have), a leap day.
      return fc.oneof(
        { weight: 4, arbitrary: isoDate.map((s) => s.slice(0, 10)) },
        { weight: 1, arbitrary: fc.constantFrom('0000-01-01', '9999-12-31', '2024-02-29') },
      );
    case 'datetime':
      return fc.oneof(
        { weight: 4, arbitrary: isoDate },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '0000-01-01T00:00:00Z',
            '9999-12-31T23:59:59.999Z',
            '2026-01-01T00:00:00+14:00',
          ),
        },
      );
    case 'url':
      // Addresses that fail at once: a fetch of a random host would wait on a network the
      // tests do not have.
      return fc.constantFrom('https://fuzz.invalid/path', 'http://localhost:1/x');
    default:
      break;
  }
  if (pattern) {
    try {
      return fc.stringMatching(pattern);
    } catch {
      // A pattern fast-check cannot generate from: plain text, and the schema says no.
    }
  }
  return undefined;
}

export function validString(def: SchemaDef, key: string, hints: StringHints): fc.Arbitrary<Json> {
  const { min, max, format, pattern, includes } = stringLimits(def);
  const upper = Math.min(max ?? Infinity, min + RANDOM_TEXT_MAX);
  const options: fc.WeightedArbitrary<string>[] = [];
  const known = hints(key, format);
  if (known.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...known) });
  const shaped = formatted(format, pattern);
  if (shaped) options.push({ weight: 4, arbitrary: shaped });
  else {
    const plain = text(min, upper).map((s) =>
      includes && !s.includes(includes) ? s + includes : s,
    );
    options.push({ weight: 4, arbitrary: plain });
    // The edges: exactly the shortest and the longest the schema allows.
    options.push({ weight: 1, arbitrary: fc.constant('m'.repeat(min)) });
    if (max !== undefined) options.push({ weight: 1, arbitrary: fc.constant('M'.repeat(max)) });
  }
  return fc.oneof(...options);
}

export function invalidString(def: SchemaDef): fc.Arbitrary<Json> {
  const { min, max, format } = stringLimits(def);
  const options: fc.Arbitrary<Json>[] = [
    wrongTypes('string'),
    fc.constantFrom('', ' ', '\u0000', 'a\ud800', 'not-a-' + (format ?? 'value')),
  ];
  if (min > 0) options.push(fc.constant('m'.repeat(min - 1)));
  if (max !== undefined) options.push(fc.constant('M'.repeat(max + 1)));
  if (format === 'date' || format === 'datetime') {
    options.push(fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '+275760-09-13'));
  }
  if (format === 'uuid') options.push(fc.uuid().map((u) => u.slice(0, -1) + 'g'));
  return fc.oneof(...options);
}

interface NumberLimits {
  min: number;
  max: number;
  int: boolean;
  /** min and max are exclusive. */
  minOpen: boolean;
  maxOpen: boolean;
}

function numberLimits(def: SchemaDef): NumberLimits {
  const limits: NumberLimits = {
    min: -Number.MAX_VALUE,
    max: Number.MAX_VALUE,
    int: false,
    minOpen: false,
    maxOpen: false,
  };
  for (const c of checksOf(def)) {
    const value = Number(c.value);
    if (c.check === 'number_format') {
      limits.int = c.format !== 'float32' && c.format !== 'float64';
      // safeint, int32, uint32: the format's own range.
      const range: Record<string, [number, number]> = {
        safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
        int32: [-(2 ** 31), 2 ** 31 - 1],
        uint32: [0, 2 ** 32 - 1],
      };
      const [lo, hi] = range[c.format ?? ''] ?? [limits.min, limits.max];
      limits.min = Math.max(limits.min, lo);
      limits.max = Math.min(limits.max, hi);
    }
    if (c.check === 'greater_than' && value >= limits.min) {
      limits.min = value;
      limits.minOpen = !c.inclusive;
    }
    if (c.check === 'less_than' && value <= limits.max) {
      limits.max = value;
      limits.maxOpen = !c.inclusive;
    }
  }
  return limits;
}

export function validNumber(def: SchemaDef): fc.Arbitrary<Json> {
  const l = numberLimits(def);
  if (l.int) {
    const lo = Math.ceil(l.minOpen ? l.min + 1 : l.min);
    const hi = Math.floor(l.maxOpen ? l.max - 1 : l.max);
    // Mostly everyday sizes; the limits themselves (2^53 - 1 where the contract sets none,
    // which no int4 column holds) come as boundary values.
    const everyday = fc.integer({
      min: Math.max(lo, -1000),
      max: Math.max(Math.min(hi, 100_000), lo),
    });
    return fc.oneof(
      { weight: 4, arbitrary: everyday },
      { weight: 1, arbitrary: fc.constantFrom(lo, hi, Math.min(lo + 1, hi), Math.max(hi - 1, lo)) },
    );
  }
  const edges = [l.min, l.max, 0, 1e-9, 0.5, 1e308, -1e308].filter(
    (n) => (l.minOpen ? n > l.min : n >= l.min) && (l.maxOpen ? n < l.max : n <= l.max),
  );
  const anywhere = fc.double({
    min: l.min,
    max: l.max,
    minExcluded: l.minOpen,
    maxExcluded: l.maxOpen,
    noNaN: true,
    noDefaultInfinity: true,
  });
  return edges.length
    ? fc.oneof(
        { weight: 4, arbitrary: anywhere },
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
      )
    : anywhere;
}

export function invalidNumber(def: SchemaDef): fc.Arbitrary<Json> {
  const l = numberLimits(def);
  const outside: Json[] = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2];
  if (l.min > -Number.MAX_VALUE) outside.push(l.minOpen ? l.min : l.min - 1);
  if (l.max < Number.MAX_VALUE) outside.push(l.maxOpen ? l.max : l.max + 1);
  if (l.int) outside.push(1.5, l.min > -Number.MAX_VALUE ? l.min + 0.5 : -0.5);
  return fc.oneof(fc.constantFrom(...outside), wrongTypes('number'), fc.constant('12'));
}

/** Text for a number in a query string, where z.coerce reads it: the odd spellings Number() takes. */
export const QUERY_NUMBER_TEXT = ['', ' ', 'NaN', 'Infinity', '-0', '1e999', '0x1f', '1_000', '١٢'];
