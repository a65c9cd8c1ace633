import { Link, useParams } from 'react-router';
import { ROOM_MESSAGES as M } from '@parley/contracts';
import { getAccessToken } from '../../lib/auth-store';
import { failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses, PageSpinner } from '../../ui';
import { LiveMeetingPanels, LivePhysiologyCapture, useLivePhysiology } from '../live';
import { useRoom } from './api';
import { RoomScreen } from './RoomScreen';
import { RoomMessage } from './RoomMessage';

/** /rooms/:meetingId for people signed in: the host and members of the organisation. */
export function RoomPage() {
  const { meetingId = '' } = useParams();
  const room = useRoom(meetingId);
  // The participant's own live physiology: the card starts it, their video shows the guide.
  const physiology = useLivePhysiology(meetingId);
  useDocumentTitle(room.data?.meetingName ?? 'Room');
  if (room.isPending) return <PageSpinner />;
  if (room.isError) return <RoomMessage title={failureMessage(room.error, M.notFound)} />;
  const meetingLink = (
    <Link className={buttonClasses('primary')} to={`/library/${meetingId}`}>
      Open the meeting
    </Link>
  );
  if (room.data.ended) return <RoomMessage title={M.ended} action={meetingLink} />;
  return (
    <RoomScreen
      meetingName={room.data.meetingName}
      isHost={room.data.isHost}
      askName={false}
      live={<LiveMeetingPanels meetingId={meetingId} physiology={physiology} />}
      selfOverlay={(video) =>
        physiology.inferenceId ? (
          <LivePhysiologyCapture video={video} onSample={physiology.push} />
        ) : null
      }
      handshake={(choice) => ({
        meetingId,
        token: getAccessToken() ?? '',
        recordWithBot: choice.recordWithBot,
      })}
      after={(reason) => (
        <RoomMessage
          title={reason === 'You left the call.' ? reason : M.ended}
          detail={reason === 'You left the call.' ? undefined : reason}
          action={meetingLink}
        />
      )}
    />
  );
}
export default RoomPage;
