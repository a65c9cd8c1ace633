import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

/**
 * One rule for every string a client sends: no U+0000 and no unpaired surrogate.
 *
 * PostgreSQL cannot store U+0000 in text or jsonb (it fails the whole statement, which used to
 * surface as a 500 from whichever route stored the string), and a lone surrogate is not text at
 * all: it cannot be encoded as UTF-8 for the database, a mail or a model provider without being
 * silently replaced. Neither has a legitimate use in this API.
 *
 * Why a hook and not a zod refinement on every string schema: a refinement has to be remembered
 * in each of the ~140 contracts (and every new one), while `registerRoute` is the single place
 * where contracts become routes, so a check there covers body, query and path parameters of
 * every route at once, including fields a contract passes through untyped (jsonb records).
 * It runs after authentication and before validation, so an anonymous caller learns nothing.
 */
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function bad(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED.test(text);
}

/**
 * The path of the first string (or object key) in a parsed value that breaks the rule, or null.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unstorableText(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (bad(v)) return at;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${at}[${i}]`]));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (bad(k)) return at;
        stack.push([item, `${at}.${k}`]);
      }
    }
  }
  return null;
}

/** 400 when `value` (named `root` in the message) holds text the rule above refuses. */
export function assertStorableText(value: unknown, root: string): void {
  const where = unstorableText(value, root);
  if (where) {
    throw badRequest(`Invalid details: ${where} contains a NUL character or an unpaired surrogate`);
  }
}

/** Rejects a request whose params, query or body carry text the rule above refuses. */
export function rejectUnstorableText(request: FastifyRequest): void {
  assertStorableText(request.params, 'params');
  assertStorableText(request.query, 'query');
  assertStorableText(request.body, 'body');
}
