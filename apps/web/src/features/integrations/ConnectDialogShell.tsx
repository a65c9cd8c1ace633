import type { ReactNode } from 'react';
import { Button, Dialog, DialogContent, DialogFooter, FormError } from '../../ui';

interface ConnectDialogShellProps {
  open: boolean;
  title: string;
  description: string;
  /** While the server checks the store: the dialog cannot be closed and fields are disabled. */
  pending: boolean;
  valid: boolean;
  error: string | null | undefined;
  onSubmit(): void;
  /** Called when the user closes the dialog (Cancel, Escape, the close button). */
  onClose(): void;
  children: ReactNode;
}

/** The frame every "connect a store" dialog shares: fields, server error, Cancel and Connect. */
export function ConnectDialogShell(props: ConnectDialogShellProps) {
  const { open, title, description, pending, valid, error, onSubmit, onClose, children } = props;
  const changeOpen = (next: boolean) => {
    if (!next && !pending) onClose();
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent title={title} description={description}>
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
            <Button variant="secondary" onClick={() => changeOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!valid}>
              Connect
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
