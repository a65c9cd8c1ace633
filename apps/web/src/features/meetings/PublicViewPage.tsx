import { Share2 } from 'lucide-react';
import { BarePage } from '../../ui';

/** /public/view/{token}: a shared meeting, no sign-in. */
export default function PublicViewPage() {
  return (
    <BarePage
      title="Shared meeting"
      icon={Share2}
      summary="Viewing a shared meeting without an account arrives with the Meetings area."
    />
  );
}
