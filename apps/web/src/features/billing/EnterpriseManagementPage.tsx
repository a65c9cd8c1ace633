import { Landmark } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function EnterpriseManagementPage() {
  return (
    <PlaceholderPage
      title="Enterprise Management"
      icon={Landmark}
      summary="Bundles, features, subscriptions and invoices arrive with the billing area."
      description="Plans, bundles and invoices across organizations."
    />
  );
}
