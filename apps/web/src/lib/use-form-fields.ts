import { useCallback, useState } from 'react';
import type { FieldErrors, Validated } from './validation';

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
