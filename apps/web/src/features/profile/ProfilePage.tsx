import { UserRound } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function ProfilePage() {
  return (
    <PlaceholderPage
      title="Profile"
      icon={UserRound}
      summary="Your resume, work experience and public profile arrive with the Individual profiles area."
      description="Your profile as employers will see it."
    />
  );
}
