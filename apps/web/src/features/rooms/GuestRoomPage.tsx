import { useParams } from 'react-router';
import { ROOM_MESSAGES as M } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageSpinner } from '../../ui';
import { useGuestRoom } from './api';
import { RoomMessage } from './RoomMessage';
import { RoomScreen } from './RoomScreen';

/** /rooms/:meetingId/join/:token: people without an account, by the host's guest link. */
export function GuestRoomPage() {
  const { meetingId = '', token = '' } = useParams();
  const room = useGuestRoom(meetingId, token);
  useDocumentTitle(room.data?.meetingName ?? 'Join a call');
  if (room.isPending) return <PageSpinner />;
  if (room.isError) return <RoomMessage title={failureMessage(room.error, M.linkInvalid)} />;
  if (room.data.ended) return <RoomMessage title={M.ended} />;
  return (
    <RoomScreen
      meetingName={room.data.meetingName}
      isHost={false}
      askName
      handshake={(choice) => ({ meetingId, guestToken: token, name: choice.name })}
      after={(reason) => (
        <RoomMessage
          title={reason === 'You left the call.' ? reason : M.ended}
          detail="Thank you for joining. You can close this page."
        />
      )}
    />
  );
}
export default GuestRoomPage;
