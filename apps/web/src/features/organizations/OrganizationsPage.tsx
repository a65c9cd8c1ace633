import { Building } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function OrganizationsPage() {
  return (
    <PlaceholderPage
      title="Organization Management"
      icon={Building}
      summary="Organisation lists and details arrive with the Administration area."
      description="Organisations on the platform."
    />
  );
}
