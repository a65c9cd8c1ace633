import { Library } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function LibraryPage() {
  return (
    <PlaceholderPage
      title="Library"
      icon={Library}
      summary="Meeting upload and analysis arrive with the Meetings area."
      description="Your recorded and live meetings, and their analysis."
    />
  );
}
