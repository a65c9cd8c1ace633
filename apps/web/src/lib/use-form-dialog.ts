import { useState } from 'react';
import { failureMessage } from './api';
import { useFormFields } from './use-form-fields';
import type { Validated } from './validation';

interface FormDialogOptions<V extends object, K extends string, B, R> {
  initial: V;
  validate(values: V): Validated<K, B>;
  /** Sends the valid body; on a failure the server's message shows in the dialog, fields kept. */
  save(body: B): Promise<R>;
  /** Shown when a failure carries no message of its own. */
  failure: string;
  /** After a save, once the dialog has closed (a toast, a navigation). */
  onSaved?(result: R, body: B): void;
  /** Cancel, Escape, the close button or a save: the dialog's owner hides it. */
  onClose(): void;
}

/**
 * A dialog's form from start to save: values and messages (useFormFields), the request's
 * progress and failure, and closing, which forgets what was typed. Spread `dialog` on FormDialog
 * (or DialogForm with `onCancel={close}`); `field(name)` binds a TextField.
 */
export function useFormDialog<V extends object, K extends string, B, R>(
  options: FormDialogOptions<V, K, B, R>,
) {
  const form = useFormFields(options.initial, options.validate);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    form.reset();
    setServerError(null);
    options.onClose();
  };

  const submit = async () => {
    const body = form.attempt();
    if (!body) return;
    setPending(true);
    setServerError(null);
    try {
      const result = await options.save(body);
      close();
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
    close,
    field: (name: Parameters<typeof form.text>[0]) => ({ ...form.text(name), disabled: pending }),
    dialog: {
      pending,
      valid: form.valid,
      error: serverError ?? form.error('form'),
      onSubmit: () => void submit(),
      onClose: close,
    },
  };
}
