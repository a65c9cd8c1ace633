import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { meetingRoutes } from '@parley/contracts';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../ui';
import { meetingKeys } from '../api';

interface BulkDeleteDialogProps {
  open: boolean;
  ids: string[];
  onOpenChange(open: boolean): void;
  /** Called on success or failure: the selection is cleared either way (spec 2 §2). */
  onDone(): void;
}

/** Delete the selected meetings, one call each. */
export function BulkDeleteDialog({ open, ids, onOpenChange, onDone }: BulkDeleteDialogProps) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const n = ids.length;

  const run = async () => {
    setBusy(true);
    const results = await Promise.allSettled(
      ids.map((id) => api(meetingRoutes.remove, { params: { meetingId: id }, toast: false })),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    setBusy(false);
    onOpenChange(false);
    onDone();
    void client.invalidateQueries({ queryKey: meetingKeys.lists() });
    if (failed === 0) {
      toast({ title: n === 1 ? 'Meeting deleted' : `${n} meetings deleted`, variant: 'success' });
    } else {
      toast({
        title: 'Error',
        description: `${failed} of ${n} meetings could not be deleted`,
        variant: 'error',
      });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={n === 1 ? 'Delete 1 meeting?' : `Delete ${n} meetings?`}
      description="The recordings and their analysis will be deleted. This cannot be undone."
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => void run()}
    />
  );
}
