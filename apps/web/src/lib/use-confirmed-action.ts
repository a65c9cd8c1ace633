import { useState } from 'react';
import { toast, type ToastVariant } from './toast';

/**
 * A destructive action on one thing (delete a row, disconnect a provider) asked about first.
 * `ask(target)` opens the question; spread `dialog` on ConfirmDialog. On success the server's
 * message is toasted (as a success, unless the result names another variant: done, with a
 * caveat) and the question closes; a failure keeps it open (the API client has
 * already said why).
 */
export function useConfirmedAction<T>(
  run: (target: T) => Promise<{ message: string; variant?: ToastVariant }>,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      const result = await run(target);
      toast({ title: result.message, variant: result.variant ?? 'success' });
      setTarget(null);
    } catch {
      // Shown by the API client's error toast.
    } finally {
      setBusy(false);
    }
  };

  return {
    target,
    ask: (next: T) => setTarget(next),
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setTarget(null);
      },
      busy,
      onConfirm: () => void confirm(),
    },
  };
}
