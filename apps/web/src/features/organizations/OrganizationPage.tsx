import { Building } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function OrganizationPage() {
  return (
    <PlaceholderPage
      title="Organization"
      icon={Building}
      summary="Organisation details arrive with the Administration area."
    />
  );
}
