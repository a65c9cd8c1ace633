import { ScrollText } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function UserLogsPage() {
  return (
    <PlaceholderPage
      title="User Logs"
      icon={ScrollText}
      summary="Activity logs arrive with the Administration area."
      description="Activity across your organisation."
    />
  );
}
