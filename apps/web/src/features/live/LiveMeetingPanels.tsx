import type { Connect } from '../../lib/realtime';
import { LiveCards } from './LiveCards';
import { LiveTranscriptPanel } from './LiveTranscriptPanel';
import { useLiveMeeting } from './use-live-meeting';

/** The live transcript beside the live cards, for one meeting's realtime room. */
export function LiveMeetingPanels({
  meetingId,
  connect,
}: {
  meetingId: string;
  connect?: Connect;
}) {
  const live = useLiveMeeting(meetingId, connect ? { connect } : {});
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <LiveTranscriptPanel live={live} />
      <LiveCards live={live} />
    </div>
  );
}
