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
