import { Briefcase } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function AccountsPage() {
  return (
    <PlaceholderPage
      title="Accounts"
      icon={Briefcase}
      summary="Accounts, teams and deals arrive with the Meetings area."
      description="Accounts, teams and deals."
    />
  );
}
