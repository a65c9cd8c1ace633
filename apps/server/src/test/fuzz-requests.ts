import fc from 'fast-check';
import { pathParamNames, type RouteContract } from '@parley/contracts';
import { unstorableText } from '../platform/http/input-guard.js';
import { arbitraryOf, type Json, type StringHints } from './zod-arbitrary.js';

/**
 * Requests generated from a route's contract for the property-based route fuzzer
 * (platform/http/route-properties.test.ts): path parameters, query and body, each valid (edges
 * included) or spoiled, and the contract's own verdict on what was generated.
 */

/** Things the seeded organisation has, offered to the generators by field or parameter name. */
export interface FuzzFixtures {
  meetingId: string;
  organizationId: string;
  /** A member other than the caller, so acting on a member does not end the caller's session. */
  memberId: string;
  memberEmail: string;
  /** An address with no account (sign-up goes all the way with it). */
  newEmail: string;
  /** A URL that answers at once (a local model server). */
  url: string;
  /** Real values for the current route's other path parameters, by name (fuzz-callers.ts). */
  params: Record<string, string[]>;
}

export interface GeneratedRequest {
  params: Record<string, string>;
  query: Json | undefined;
  body: Json | undefined;
}

/** A request on the wire, and whether the server sees exactly what was generated. */
export interface WireRequest {
  method: RouteContract['method'];
  /** Under /api/v1, encoded. */
  url: string;
  payload?: string;
  /**
   * false when the generated text cannot be sent as it is (a lone surrogate in a URL has no
   * UTF-8 form): the server sees something else, so the contract's verdict does not apply.
   */
  exact: boolean;
}

/** Odds that one part of a request is spoiled, in requests that are not all valid. */
const SPOIL_ODDS = 0.2;

function hintsFor(route: RouteContract, fx: FuzzFixtures): StringHints {
  const signUp = /signup/.test(route.path);
  return (key, format) => {
    if (/meetingId/i.test(key)) return [fx.meetingId];
    if (/organi[sz]ationId/i.test(key)) return [fx.organizationId];
    if (/(user|owner|member|assignee|rep)Ids?$/i.test(key)) return [fx.memberId];
    if (format === 'email' || /email/i.test(key)) return [signUp ? fx.newEmail : fx.memberEmail];
    if (format === 'url' || /url|link|endpoint/i.test(key)) return [fx.url, `${fx.url}/v1`];
    if (format === 'uuid' || /Id$/.test(key)) return [fx.meetingId];
    return [];
  };
}

/** A path parameter the seeded organisation has, by the parameter's name (see contracts' route.ts). */
function knownParam(name: string, fx: FuzzFixtures): fc.Arbitrary<string> {
  switch (name) {
    case 'meetingId':
      return fc.constant(fx.meetingId);
    case 'organizationId':
      return fc.constant(fx.organizationId);
    case 'userId':
      return fc.constant(fx.memberId);
    case 'email':
      return fc.constant(fx.memberEmail);
    case 'kind':
      return fc.constantFrom('video', 'thumbnail');
    case 'round':
      return fc.constantFrom('1', '2');
    default: {
      const real = fx.params[name];
      return real?.length
        ? fc.constantFrom(...real)
        : fc.oneof(fc.uuid(), fc.constant(fx.meetingId));
    }
  }
}

const oddParam = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom('..', '%', ' ', '1e308', '-1', '0', 'x'.repeat(150)),
);

function paramsOf(route: RouteContract, fx: FuzzFixtures, spoil: boolean) {
  const names = pathParamNames(route.path);
  return fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        spoil
          ? fc.oneof(
              { weight: 3, arbitrary: knownParam(n, fx) },
              { weight: 1, arbitrary: oddParam },
            )
          : knownParam(n, fx),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
}

/**
 * Requests for `route`: three in five wholly valid by the generators' lights (lengths, numbers
 * and enum members at their edges included), the rest with parts spoiled here and there.
 */
export function requestsFor(
  route: RouteContract,
  fx: FuzzFixtures,
): fc.Arbitrary<GeneratedRequest> {
  const hints = hintsFor(route, fx);
  const build = (invalid: number) =>
    fc.record({
      params: paramsOf(route, fx, invalid > 0),
      query: route.query
        ? arbitraryOf(route.query, { wire: 'query', hints, invalid })
        : fc.constant(undefined),
      body: route.body
        ? arbitraryOf(route.body, { wire: 'json', hints, invalid })
        : fc.constant(undefined),
    });
  return fc.oneof({ weight: 3, arbitrary: build(0) }, { weight: 2, arbitrary: build(SPOIL_ODDS) });
}

/** Percent-encoding that also sends a lone surrogate, as the bytes a careless client would. */
function encode(text: string): { text: string; exact: boolean } {
  try {
    return { text: encodeURIComponent(text), exact: true };
  } catch {
    const out = [...text]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          // The three bytes UTF-8 would use if it allowed surrogates (CESU-8).
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
    return { text: out, exact: false };
  }
}

const asText = (v: Json): string =>
  typeof v === 'string'
    ? v
    : v === null
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/**
 * The query as the server's parser hands it to validation: text values, a repeated key as a
 * list, a list of one as its single value.
 */
export function queryOnWire(
  query: Json | undefined,
): Record<string, string | string[]> | undefined {
  if (query === undefined) return undefined;
  if (!query || typeof query !== 'object' || Array.isArray(query)) return { value: asText(query) };
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value.map(asText) : [asText(value)];
    if (values.length === 1) out[key] = values[0] as string;
    else if (values.length > 1) out[key] = values;
  }
  return out;
}

export function onWire(route: RouteContract, req: GeneratedRequest): WireRequest {
  let exact = true;
  const enc = (s: string) => {
    const e = encode(s);
    exact &&= e.exact;
    return e.text;
  };
  // Not fillPath: it throws on a lone surrogate, which this fuzzer sends on purpose.
  const encodedParams = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, enc(v)]));
  const filled = route.path.replace(/:(\w+)/g, (_, n: string) => encodedParams[n] ?? '');
  const query = queryOnWire(req.query);
  const pairs = Object.entries(query ?? {}).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((item) => `${enc(k)}=${enc(item)}`),
  );
  return {
    method: route.method,
    url: pairs.length ? `${filled}?${pairs.join('&')}` : filled,
    ...(req.body === undefined ? {} : { payload: JSON.stringify(req.body) }),
    exact,
  };
}

/**
 * Why the contract refuses the request (a zod issue, or text the input guard refuses), or null
 * when it accepts it. Judged on what the server receives: the query as parsed text, the body
 * after a JSON round trip.
 */
export function contractRefusal(route: RouteContract, req: GeneratedRequest): string | null {
  const query = queryOnWire(req.query);
  const body = req.body === undefined ? undefined : (JSON.parse(JSON.stringify(req.body)) as Json);
  const unstorable =
    unstorableText(req.params, 'params') ??
    unstorableText(query, 'query') ??
    unstorableText(body, 'body');
  if (unstorable) return `unstorable text at ${unstorable}`;
  for (const [part, schema, value] of [
    ['query', route.query, query],
    ['body', route.body, body],
  ] as const) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `${part}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
    }
  }
  return null;
}
