import { Settings } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function SettingsPage() {
  return (
    <PlaceholderPage
      title="Settings"
      icon={Settings}
      summary="Account, plan and payment settings arrive with the Individual profiles area."
      description="Your account and preferences."
    />
  );
}
