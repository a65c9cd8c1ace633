import { z } from 'zod';
import type { HttpMethod, RouteContract } from '@parley/contracts';

/**
 * The hostile inputs of the route fuzzer (platform/http/route-fuzz.test.ts). Everything here is
 * fixed and deterministic: a failure names the route and the case, and re-running reproduces it.
 *
 * A case starts from a plausible request built from the contract's own schemas (so handlers run
 * past validation where they can) and spoils one thing in it: a field, a query value, a path
 * parameter, or the body as a whole.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: Json[];
  const?: Json;
  default?: Json;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Values the sample request uses for things the seeded organisation has. */
export interface FuzzFixtures {
  meetingId: string;
  email: string;
  /** An address that answers at once (a local model server), for URL fields. */
  url: string;
}

export interface FuzzCase {
  name: string;
  method: HttpMethod;
  /** Under /api/v1, already encoded. */
  url: string;
  /** A raw JSON text (so literals such as 1e308 go out as written), or none. */
  payload?: string;
}

const LONG = 'x'.repeat(100_000);
/** Strings PostgreSQL cannot store (NUL) or that are not valid UTF-16 (lone surrogates). */
const BAD_TEXT = ['\u0000', 'a\ud800', '\udc00b'];
const BAD_NUMBERS: Json[] = [1e308, -1e308, 'NaN', -1];
const WRONG_TYPES: Json[] = [12345, ['array'], null];

function sampleOf(schema: JsonSchema, key: string, fx: FuzzFixtures): Json {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0] ?? null;
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const pick = options.find((o) => o.type !== 'null') ?? options[0];
    return pick ? sampleOf(pick, key, fx) : null;
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, key, fx)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s, k, fx)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items ?? {}, key, fx),
      );
    case 'number':
    case 'integer': {
      const low = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      return Math.min(low, schema.maximum ?? low);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringSample(schema, key, fx);
    default:
      return 'fuzz';
  }
}

function stringSample(schema: JsonSchema, key: string, fx: FuzzFixtures): string {
  if (schema.format === 'uuid' || /id$/i.test(key)) return fx.meetingId;
  if (schema.format === 'email' || /email/i.test(key)) return fx.email;
  if (schema.format === 'uri' || /url|link/i.test(key)) return fx.url;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Every leaf of a sample with a way to replace it. */
function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leaves(v, [...path, k])) : [path];
  }
  return [path];
}

function replaced(root: Json, path: (string | number)[], next: Json): Json {
  if (!path.length) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    Json
  >;
  copy[head] = replaced(copy[head] ?? null, rest, next);
  return copy as Json;
}

function leafAt(root: Json, path: (string | number)[]): Json {
  return path.reduce<Json>(
    (v, k) => (v && typeof v === 'object' ? ((v as Record<string, Json>)[k] ?? null) : null),
    root,
  );
}

function hostileFor(sample: Json): Json[] {
  if (typeof sample === 'number') return BAD_NUMBERS;
  if (typeof sample === 'string') return [...BAD_TEXT, LONG, ...WRONG_TYPES];
  return [BAD_TEXT[0] as string, 1e308, { object: true }, null];
}

const PARAM_SAMPLES: Record<string, (fx: FuzzFixtures) => string> = {
  dashboard: () => 'zai-insights-dashboard',
  email: (fx) => fx.email,
  kind: () => 'thumbnail',
  tag: () => 'fuzz',
  token: () => 'a'.repeat(43),
};
/** Path segments as sent on the wire: %00 is a NUL, %ED%A0%80 the UTF-8-ish form of U+D800. */
const BAD_PARAMS = ['a%00b', '%ED%A0%80', '%C0%80', '1e308', 'x'.repeat(5000)];
const BAD_QUERY = ['a%00b', '%ED%A0%80', '-1e308', 'NaN', 'x'.repeat(5000)];

function urlOf(path: string, params: Record<string, string>, query?: Record<string, string>) {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  const qs = query
    ? Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
        .join('&')
    : '';
  return qs ? `${filled}?${qs}` : filled;
}

/** The hostile cases of one route, in a fixed order. */
export function casesFor(route: RouteContract, fixtures: FuzzFixtures): FuzzCase[] {
  const { method, path } = route;
  // Sign-up stops early for an address that has an account; a new one goes all the way.
  const fx = /signup/.test(path) ? { ...fixtures, email: 'newcomer@fuzz.example' } : fixtures;
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const params = Object.fromEntries(
    names.map((n) => [n, encodeURIComponent(PARAM_SAMPLES[n]?.(fx) ?? fx.meetingId)]),
  );
  const querySample = route.query ? sampleOf(jsonSchemaOf(route.query), '', fx) : null;
  const query = Object.fromEntries(
    Object.entries((querySample ?? {}) as Record<string, Json>).map(([k, v]) => [
      k,
      encodeURIComponent(String(v)),
    ]),
  );
  const bodySample = route.body ? sampleOf(jsonSchemaOf(route.body), '', fx) : null;
  const url = urlOf(path, params, route.query ? query : undefined);
  const out: FuzzCase[] = [];
  const add = (name: string, u: string, payload?: Json | { raw: string }) =>
    out.push({
      name,
      method,
      url: u,
      ...(payload === undefined
        ? {}
        : {
            payload:
              payload && typeof payload === 'object' && 'raw' in payload
                ? String(payload.raw)
                : JSON.stringify(payload),
          }),
    });
  const validBody = bodySample ?? undefined;

  for (const name of names) {
    for (const bad of BAD_PARAMS) {
      add(
        `param ${name}=${bad.slice(0, 12)}`,
        urlOf(path, { ...params, [name]: bad }, query),
        validBody,
      );
    }
  }
  for (const key of Object.keys(query)) {
    for (const bad of BAD_QUERY) {
      add(`query ${key}=${bad.slice(0, 12)}`, urlOf(path, params, { ...query, [key]: bad }));
    }
    add(`query ${key} twice`, `${url}&${encodeURIComponent(key)}=2`);
  }
  if (method === 'GET' || method === 'DELETE') return out;

  for (const leaf of bodySample === null ? [] : leaves(bodySample)) {
    for (const bad of hostileFor(leafAt(bodySample as Json, leaf))) {
      const label = typeof bad === 'string' ? JSON.stringify(bad.slice(0, 8)) : JSON.stringify(bad);
      add(
        `body.${leaf.join('.') || '(root)'}=${label}`,
        url,
        replaced(bodySample as Json, leaf, bad),
      );
    }
  }
  add('no body', url);
  add('empty JSON body', url, { raw: '' });
  add('empty object', url, {});
  add('array body', url, validBody === undefined ? [] : [validBody]);
  add('string body', url, 'fuzz');
  add('null body', url, null);
  add('1e308 literal body', url, { raw: '1e308' });
  add('1e999 literal in a field', url, { raw: '{"n": 1e999, "startTime": 1e999}' });
  add('broken JSON', url, { raw: '{"a": ' });
  add('__proto__ key', url, { raw: '{"__proto__": {"polluted": true}}' });
  add('NUL key', url, { raw: '{"\\u0000": "\\u0000"}' });
  return out;
}
