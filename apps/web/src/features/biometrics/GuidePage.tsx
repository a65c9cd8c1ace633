import { Mail } from 'lucide-react';
import { REGISTRATION_VIDEO } from '@parley/contracts';
import { EmptyState } from '../../ui';
import { ParticipantFrame } from './ParticipantPage';

/** /participants/permission, /record and /guide without an invitation: how registration works. */
export default function GuidePage() {
  return (
    <ParticipantFrame title="Participant registration">
      <div className="flex flex-col gap-4 text-sm text-fg">
        <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-muted">
          <li>Open the link in your invitation e-mail and confirm your details.</li>
          <li>Allow your browser to use the camera and microphone.</li>
          <li>
            Center your face in the frame and record about {REGISTRATION_VIDEO.recordSeconds}{' '}
            seconds while saying a sentence.
          </li>
          <li>Upload the recording; you will see ‘Registration Successful’.</li>
        </ol>
        <EmptyState
          icon={Mail}
          title="Start from your invitation"
          description="Registration needs the personal link from your invitation e-mail."
        />
      </div>
    </ParticipantFrame>
  );
}
