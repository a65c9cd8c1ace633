import { Suspense } from 'react';
import { UserRound } from 'lucide-react';
import { useAuth } from '../../lib/auth-store';
import { PageSpinner, PlaceholderPage } from '../../ui';
import { TalentProfilePage } from '../talent-pool';

/**
 * /profile is the job seeker's (spec 3 §2: individual users use /settings and /profile);
 * everyone else keeps their profile in /configuration.
 */
export default function ProfilePage() {
  const { user } = useAuth();
  if (user?.role === 'talentPoolUser') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <TalentProfilePage />
      </Suspense>
    );
  }
  return (
    <PlaceholderPage
      title="Profile"
      icon={UserRound}
      summary="Your profile and settings are in Configuration."
      description="Your profile as employers will see it."
    />
  );
}
