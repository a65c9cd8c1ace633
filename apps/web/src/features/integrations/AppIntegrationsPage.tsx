import { Blocks } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function AppIntegrationsPage() {
  return (
    <PlaceholderPage
      title="App Integrations"
      icon={Blocks}
      summary="Connecting cloud storage, AI providers, video meetings, CRM and calendars arrives with the Integrations area."
      description="Connect the services your organisation uses."
    />
  );
}
