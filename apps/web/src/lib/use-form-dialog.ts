import { useFormSubmit, type FormSubmitOptions } from './use-form-submit';

interface FormDialogOptions<V extends object, K extends string, B, R> extends FormSubmitOptions<
  V,
  K,
  B,
  R
> {
  /** Cancel, Escape, the close button or a save: the dialog's owner hides it. */
  onClose(): void;
}

/**
 * A dialog's form from start to save (useFormSubmit), and closing, which forgets what was typed.
 * A save closes the dialog before `onSaved` runs. Spread `dialog` on FormDialog (or DialogForm
 * with `onCancel={close}`); `field(name)` binds a TextField.
 */
export function useFormDialog<V extends object, K extends string, B, R>(
  options: FormDialogOptions<V, K, B, R>,
) {
  const close = () => {
    reset();
    options.onClose();
  };
  const { form, pending, error, submit, reset, field } = useFormSubmit({
    ...options,
    onSaved: (result: R, body: B) => {
      close();
      options.onSaved?.(result, body);
    },
  });

  return {
    form,
    pending,
    close,
    field,
    dialog: { pending, valid: form.valid, error, onSubmit: submit, onClose: close },
  };
}
