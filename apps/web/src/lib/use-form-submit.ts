import { useState } from 'react';
import { failureMessage } from './api';
import { useFormFields } from './use-form-fields';
import type { Validated } from './validation';

export interface FormSubmitOptions<V extends object, K extends string, B, R> {
  initial: V;
  validate(values: V): Validated<K, B>;
  /** Sends the valid body; on a failure the server's message shows in the form, fields kept. */
  save(body: B): Promise<R>;
  /** Shown when a failure carries no message of its own. */
  failure: string;
  /** After a save (a toast, a navigation, closing the dialog). */
  onSaved?(result: R, body: B): void;
}

/**
 * A form from start to save: values and messages (useFormFields), the request's progress and
 * the server's failure. `field(name)` binds a TextField; `error` goes under the form.
 */
export function useFormSubmit<V extends object, K extends string, B, R>(
  options: FormSubmitOptions<V, K, B, R>,
) {
  const form = useFormFields(options.initial, options.validate);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async () => {
    const body = form.attempt();
    if (!body) return;
    setPending(true);
    setServerError(null);
    try {
      const result = await options.save(body);
      options.onSaved?.(result, body);
    } catch (e) {
      setServerError(failureMessage(e, options.failure));
    } finally {
      setPending(false);
    }
  };

  return {
    form,
    pending,
    error: serverError ?? form.error('form') ?? null,
    submit: () => void submit(),
    /** Forgets what was typed and any failure. */
    reset: () => {
      form.reset();
      setServerError(null);
    },
    field: (name: Parameters<typeof form.text>[0]) => ({ ...form.text(name), disabled: pending }),
  };
}
