import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, DialogContent, DialogFooter } from './Dialog';
import { FormError } from './FormError';

interface DialogFormProps {
  /** While the request runs: the buttons are disabled and the primary one shows progress. */
  pending: boolean;
  valid: boolean;
  /** The server's message after a failed submit; the typed fields are kept. */
  error: string | null | undefined;
  submitLabel: string;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}

/** The form part every dialog form shares: fields, server error, Cancel and the primary action. */
export function DialogForm(props: DialogFormProps) {
  const { pending, valid, error, submitLabel, onSubmit, onCancel, children } = props;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <FormError message={error ?? null} />
      <DialogFooter className="mt-1">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={!valid}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface FormDialogProps extends Omit<DialogFormProps, 'onCancel'> {
  open: boolean;
  title: string;
  description: string;
  /** Cancel, Escape or the close button; ignored while the request runs. */
  onClose(): void;
}

/** A dialog holding one form (connect a store, add a meeting by link…). */
export function FormDialog({ open, title, description, onClose, ...form }: FormDialogProps) {
  const close = () => {
    if (!form.pending) onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent title={title} description={description}>
        <DialogForm {...form} onCancel={close} />
      </DialogContent>
    </Dialog>
  );
}
