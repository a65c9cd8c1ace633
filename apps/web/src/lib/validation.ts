/** Form validation results and the mapping of schema issues to fields (no domain). */
/** A form's inline messages, one per field; `form` holds a message about the whole form. */
export type FieldErrors<K extends string> = Partial<Record<K | 'form', string>>;

export type Validated<K extends string, B> =
  { ok: true; body: B } | { ok: false; errors: FieldErrors<K> };

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export function collect<K extends string>(issues: readonly Issue[], fields: readonly K[]) {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const head = issue.path[0];
    const key = fields.find((f) => f === head) ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A trimmed value, or undefined when blank (optional fields of a request body). */
export const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** What a schema's safeParse answers (zod's SafeParseResult fits). */
export type ParseResult<B> =
  { success: true; data: B } | { success: false; error: { issues: readonly Issue[] } };

/** A schema's answer as a form's result: the body, or each field's first message. */
export function fromParse<K extends string, B>(
  parsed: ParseResult<B>,
  fields: readonly K[],
): Validated<K, B> {
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: collect(parsed.error.issues, fields) };
}
