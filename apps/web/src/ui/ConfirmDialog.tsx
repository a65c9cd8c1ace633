import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { cn } from '../lib/cn';
import { Button } from './Button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  /** Shows the confirm button's loading state. */
  busy?: boolean;
  destructive?: boolean;
}

/** Asks before an action that cannot be undone; focus starts on Cancel. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          className={cn(
            'animate-pop-in fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-card border border-border bg-raised p-5 shadow-lg outline-none',
          )}
        >
          <AlertDialog.Title className="text-base font-semibold text-fg">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1.5 text-sm break-words text-muted">
            {description}
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

interface DeleteDialogProps<T> {
  /** A useConfirmedAction: its target is the row asked about. */
  action: {
    target: T | null;
    dialog: Pick<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm' | 'busy'>;
  };
  /** The row's name in the title: 'Delete {name}?'. */
  name(target: T): string;
  /** What the row is, for the title while it closes ('Delete group?'). */
  noun: string;
  description: ReactNode;
}

/** The question before deleting one row of a list. */
export function DeleteDialog<T>({ action, name, noun, description }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      {...action.dialog}
      title={`Delete ${action.target ? name(action.target) : noun}?`}
      description={description}
      confirmLabel="Delete"
    />
  );
}
