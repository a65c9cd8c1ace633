import { FileVideoCamera } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function MeetingPage() {
  return (
    <PlaceholderPage
      title="Meeting"
      icon={FileVideoCamera}
      summary="The meeting page — player, transcript and analysis — arrives with the Meetings area."
    />
  );
}
