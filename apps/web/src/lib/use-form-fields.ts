import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors, Validated } from './validation';

/** The keys of V whose values are text (what a text input can edit). */
type TextKey<V> = { [P in keyof V]: V[P] extends string ? P : never }[keyof V];

/**
 * Values, the fields a person has left (blur), and the validation result. Messages show for
 * fields already left, or for all of them after a submit attempt, so nobody is scolded mid-typing.
 */
export function useFormFields<V extends object, K extends string, B>(
  initial: V,
  validate: (values: V) => Validated<K, B>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const result = validate(values);
  const all: FieldErrors<K> = result.ok ? {} : result.errors;

  const error = (field: K | 'form'): string | undefined =>
    submitted || touched.has(field) ? all[field] : undefined;
  const set = <F extends keyof V>(field: F, value: V[F]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const blur = (field: K) => () => setTouched((t) => new Set(t).add(field));
  const reset = useCallback(() => {
    setValues(initial);
    setTouched(new Set());
    setSubmitted(false);
  }, [initial]);

  return {
    values,
    set,
    blur,
    error,
    /** A text field's props: `<TextField label="…" {...form.text('name')} />`. */
    text: <F extends K & TextKey<V>>(field: F) => ({
      value: values[field] as string,
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value as V[F]),
      onBlur: blur(field),
      error: error(field),
    }),
    result,
    valid: result.ok,
    /** Marks every field as shown; returns the body when the form is valid. */
    attempt: (): B | null => {
      setSubmitted(true);
      return result.ok ? result.body : null;
    },
    reset,
  };
}
