import type { Meeting } from '@parley/contracts';
import { stripExtension } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui';
import { useDeleteMeeting } from './api';

interface DeleteMeetingDialogProps {
  meeting: Pick<Meeting, 'id' | 'meetingName'> | null;
  onOpenChange(open: boolean): void;
  onDeleted?(): void;
}

/** Confirmation before a meeting, its recording and its analysis are deleted. */
export function DeleteMeetingDialog({
  meeting,
  onOpenChange,
  onDeleted,
}: DeleteMeetingDialogProps) {
  const remove = useDeleteMeeting();
  const name = meeting ? stripExtension(meeting.meetingName) : '';
  return (
    <ConfirmDialog
      open={meeting !== null}
      onOpenChange={onOpenChange}
      title="Delete meeting?"
      description={
        <>
          <span className="font-medium text-fg">{name}</span>, its recording and its analysis will
          be deleted. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={() => {
        if (!meeting) return;
        remove.mutate(meeting.id, {
          onSuccess: () => {
            toast({ title: 'Meeting deleted', description: name, variant: 'success' });
            onOpenChange(false);
            onDeleted?.();
          },
        });
      }}
    />
  );
}
