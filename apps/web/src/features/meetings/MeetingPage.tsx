import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FileQuestion } from 'lucide-react';
import { isApiError } from '../../lib/api';
import {
  Button,
  Card,
  EmptyState,
  OfflinePlayer,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  type OfflinePlayerHandle,
} from '../../ui';
import { DeleteMeetingDialog } from './DeleteMeetingDialog';
import { DetailsPanel } from './meeting/DetailsPanel';
import { MeetingHeader } from './meeting/MeetingHeader';
import { StatusBanner } from './meeting/StatusBanner';
import { useMeeting } from './queries';
import { ShareDialog } from './share/ShareDialog';
import { useLiveStatus } from './StatusChip';
import { TranscriptPanel } from './TranscriptPanel';

/** /library/{id}: player left, tabbed panels right (DESIGN: detail pages). */
export default function MeetingPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const meeting = useMeeting(id);
  const { progress } = useLiveStatus(meeting.data);
  const player = useRef<OfflinePlayerHandle>(null);
  const [time, setTime] = useState(0);
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (meeting.isLoading) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner className="size-6 text-accent" label="Loading meeting" />
      </div>
    );
  }
  if (!meeting.data) {
    const missing = isApiError(meeting.error, 404) || isApiError(meeting.error, 400);
    return (
      <EmptyState
        icon={FileQuestion}
        title={missing ? 'Meeting not found' : 'The meeting could not be loaded'}
        description={
          missing
            ? 'It may have been deleted, or it is not shared with you.'
            : 'Check your connection and try again.'
        }
        action={
          missing ? (
            <Button asChild variant="secondary">
              <Link to="/library">Back to library</Link>
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void meeting.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }

  const m = meeting.data;
  return (
    <div className="flex flex-col gap-5">
      <MeetingHeader
        meeting={m}
        onShare={() => setSharing(true)}
        onDelete={() => setDeleting(true)}
      />
      <StatusBanner status={m.inferenceStatus} reason={m.statusReason} progress={progress} />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(320px,2fr)]">
        <OfflinePlayer
          ref={player}
          src={m.storageLink}
          poster={m.imageLink}
          segments={[]}
          onTimeChange={setTime}
        />
        <Card className="relative flex min-h-[360px] flex-col overflow-hidden lg:self-stretch">
          <Tabs
            defaultValue="transcript"
            className="flex min-h-0 flex-1 flex-col lg:absolute lg:inset-0"
          >
            <TabsList aria-label="Meeting panels" className="px-2">
              <TabsTrigger value="transcript">Transcript</TabsTrigger>
              <TabsTrigger value="details">Details</TabsTrigger>
            </TabsList>
            <TabsContent value="transcript" className="overflow-y-auto">
              <TranscriptPanel
                entries={[]}
                currentTime={time}
                onSeek={(t) => player.current?.seek(t)}
              />
            </TabsContent>
            <TabsContent value="details" className="overflow-y-auto">
              <DetailsPanel meeting={m} />
            </TabsContent>
          </Tabs>
        </Card>
      </div>
      <ShareDialog meeting={sharing ? m : null} onOpenChange={setSharing} />
      <DeleteMeetingDialog
        meeting={deleting ? m : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate('/library', { replace: true })}
      />
    </div>
  );
}
