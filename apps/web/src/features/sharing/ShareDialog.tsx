import type { Meeting } from '@parley/contracts';
import { stripExtension } from '../../lib/format';
import { Dialog, DialogContent } from '../../ui';
import { PeopleSection } from './PeopleSection';
import { PublicLinkSection } from './PublicLinkSection';

interface ShareDialogProps {
  meeting: Pick<Meeting, 'id' | 'meetingName'> | null;
  onOpenChange(open: boolean): void;
}

/** Spec 2 §2 Meeting sharing dialog: people of the organisation, and the public link. */
export function ShareDialog({ meeting, onOpenChange }: ShareDialogProps) {
  return (
    <Dialog open={meeting !== null} onOpenChange={onOpenChange}>
      {meeting ? (
        <DialogContent title="Share meeting" description={stripExtension(meeting.meetingName)}>
          <div className="flex flex-col gap-6">
            <PeopleSection meetingId={meeting.id} />
            <div className="h-px bg-border" />
            <PublicLinkSection meetingId={meeting.id} />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
