import { ScanFace } from 'lucide-react';
import { BarePage } from '../../ui';

/** Participant invitation pages, reachable without signing in. */
export default function ParticipantPage() {
  return (
    <BarePage
      title="Participant registration"
      icon={ScanFace}
      summary="Registering face and voice through an invitation link arrives with the Meetings area."
    />
  );
}
