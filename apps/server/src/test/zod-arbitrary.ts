import fc from 'fast-check';
import type { z } from 'zod';
import {
  invalidNumber,
  invalidString,
  isOptional,
  MAX_BOUNDARY_ITEMS,
  MAX_DEPTH,
  QUERY_NUMBER_TEXT,
  RANDOM_ITEMS,
  type Schema,
  schemaOf,
  stringLimits,
  validNumber,
  validString,
  wrongTypes,
  type Json,
  type StringHints,
} from './zod-leaves.js';

export { isOptional, type Json, type StringHints } from './zod-leaves.js';

/**
 * fast-check arbitraries derived from the zod schemas of the route contracts, for the
 * property-based route fuzzer (platform/http/route-properties.test.ts).
 *
 * Written here rather than taken from a package: the maintained zod-to-fast-check mappers
 * target zod 3, and the contracts are zod 4, whose schema definitions (`_zod.def`) have another
 * shape. Only the zod features the contracts use are mapped; anything else (custom, unknown)
 * becomes an arbitrary JSON value.
 *
 * The values need not be exactly valid or exactly invalid: the fuzzer asks the schema itself
 * (safeParse) which side a request is on. What matters is that both sides are hit often, and the
 * edges between them: lengths at and one past min and max, numbers at their limits, the first and
 * last member of an enum, a required key missing, a value of the wrong type.
 */

export interface MapOptions {
  /** 'query': every leaf travels as text, as a query string carries it. */
  wire: 'json' | 'query';
  hints: StringHints;
}

interface Walk extends MapOptions {
  key: string;
  depth: number;
}

/**
 * Values of `schema`: valid ones (boundaries included) when `invalid` is 0; otherwise each node
 * is spoiled with odds `invalid` (0..1), so a request usually has one or two bad parts among
 * good ones.
 */
export function arbitraryOf(
  schema: z.ZodType,
  options: MapOptions & { invalid: number },
): fc.Arbitrary<Json | undefined> {
  return node(schemaOf(schema), { ...options, key: '', depth: 0 }, options.invalid);
}

function node(s: Schema, w: Walk, invalid: number): fc.Arbitrary<Json | undefined> {
  const good = valid(s, w, invalid);
  if (invalid <= 0) return good;
  const weight = Math.max(1, Math.round((1 / invalid - 1) * 4));
  return fc.oneof({ weight, arbitrary: good }, { weight: 4, arbitrary: spoiled(s, w) });
}

function valid(s: Schema, w: Walk, invalid: number): fc.Arbitrary<Json | undefined> {
  const def = s._zod.def;
  if (w.depth > MAX_DEPTH) return fc.constant(null);
  const inner = (child: Schema, key = w.key) =>
    node(child, { ...w, key, depth: w.depth + 1 }, invalid);
  const onWire = (a: fc.Arbitrary<Json>): fc.Arbitrary<Json> =>
    w.wire === 'query' ? a.map((v) => (v === null ? '' : String(v))) : a;
  switch (def.type) {
    case 'string':
      return validString(def, w.key, w.hints);
    case 'number':
      return onWire(validNumber(def));
    case 'boolean':
      return onWire(fc.boolean());
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return onWire(fc.constantFrom(...values));
    }
    case 'literal':
      return onWire(fc.constantFrom(...((def.values ?? []) as Json[])));
    case 'null':
      return fc.constant(null);
    case 'optional':
      return fc.option(inner(def.innerType as Schema), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType as Schema), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType as Schema), { nil: undefined, freq: 4 });
    case 'readonly':
    case 'catch':
      return inner(def.innerType as Schema);
    case 'pipe':
      return inner(def.in as Schema);
    case 'array': {
      const { min, max } = stringLimits(def);
      const element = inner(def.element as Schema).map((v) => v ?? null);
      const options = [
        fc.array(element, {
          minLength: min,
          maxLength: Math.min(max ?? Infinity, min + RANDOM_ITEMS),
        }),
      ];
      if (max !== undefined && max <= MAX_BOUNDARY_ITEMS && max > min + RANDOM_ITEMS) {
        options.push(fc.array(element, { minLength: max, maxLength: max }));
      }
      return fc.oneof(...options);
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item).map((v) => v ?? null)));
    case 'object':
      return objectOf(def.shape ?? {}, inner);
    case 'record': {
      const keyType = def.keyType as Schema;
      const value = inner(def.valueType as Schema).map((v) => v ?? null);
      // A record keyed by an enum needs every key (zod 4); other records take any keys.
      const keys =
        keyType._zod.def.type === 'enum' ? Object.values(keyType._zod.def.entries ?? {}) : null;
      if (keys) return fc.record(Object.fromEntries(keys.map((k) => [String(k), value])));
      const key = valid(keyType, { ...w, depth: w.depth + 1 }, 0).map((k) => String(k ?? ''));
      return fc.dictionary(key, value, { maxKeys: RANDOM_ITEMS });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => inner(o)));
    case 'intersection':
      return fc
        .tuple(inner(def.left as Schema), inner(def.right as Schema))
        .map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : (b ?? a ?? null)));
    default:
      // custom, unknown, any: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function objectOf(
  shape: Record<string, Schema>,
  inner: (child: Schema, key: string) => fc.Arbitrary<Json | undefined>,
): fc.Arbitrary<Json> {
  const entries = Object.entries(shape);
  return fc.tuple(...entries.map(([k, child]) => inner(child, k))).map((values) => {
    const out: { [key: string]: Json } = {};
    values.forEach((v, i) => {
      if (v !== undefined) out[(entries[i] as [string, Schema])[0]] = v;
    });
    return out;
  });
}

/** A value the schema should refuse at this node (the oracle, safeParse, has the last word). */
function spoiled(s: Schema, w: Walk): fc.Arbitrary<Json | undefined> {
  const def = s._zod.def;
  const inner = def.innerType ?? def.in;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'pipe':
      return inner ? spoiled(inner, w) : wrongTypes('');
    case 'string':
      return invalidString(def);
    case 'number':
      return w.wire === 'query'
        ? fc.oneof(fc.constantFrom(...QUERY_NUMBER_TEXT), invalidNumber(def).map(String))
        : invalidNumber(def);
    case 'boolean':
      return w.wire === 'query' ? fc.constantFrom('yes', '', 'TRUE', '1') : wrongTypes('boolean');
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
      const first = String(values[0] ?? '');
      return fc.oneof(
        fc.constantFrom<Json>(first.toUpperCase(), `${first} `, `${first}x`, ''),
        wrongTypes(typeof values[0]),
      );
    }
    case 'array': {
      const { min, max } = stringLimits(def);
      const element = valid(def.element as Schema, { ...w, depth: w.depth + 1 }, 0).map(
        (v) => v ?? null,
      );
      const options: fc.Arbitrary<Json>[] = [wrongTypes('array'), fc.constant([null])];
      if (min > 0) options.push(fc.array(element, { minLength: min - 1, maxLength: min - 1 }));
      if (max !== undefined && max < MAX_BOUNDARY_ITEMS) {
        options.push(fc.array(element, { minLength: max + 1, maxLength: max + 1 }));
      }
      return fc.oneof(...options);
    }
    case 'object': {
      const shape = def.shape ?? {};
      const required = Object.entries(shape).filter(([, child]) => !isOptional(child));
      const whole = valid(s, w, 0) as fc.Arbitrary<{ [key: string]: Json }>;
      const options: fc.Arbitrary<Json | undefined>[] = [
        wrongTypes('object'),
        whole.map((o) => ({ ...o, fuzzUnknownKey: 'x' })),
      ];
      if (required.length) {
        options.push(
          fc.tuple(whole, fc.constantFrom(...required.map(([k]) => k))).map(([o, k]) => {
            const { [k]: _dropped, ...rest } = o;
            return rest;
          }),
        );
      }
      return fc.oneof(...options);
    }
    default:
      return wrongTypes('');
  }
}
