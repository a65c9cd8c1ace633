import { useAuth } from '../../lib/auth-store';
import { PageHeader } from '../../ui';
import { TalentPoolCredits } from '../billing';
import { AppearanceCard } from './AppearanceCard';
import { ProfileCard } from './ProfileCard';

/** /settings for talent-pool users: their name and picture, their credits, and the theme. */
export default function SettingsPage() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Your account, credits and preferences." />
      {user ? <ProfileCard key={user.id} user={user} roleLabel="Talent pool" /> : null}
      <TalentPoolCredits />
      <AppearanceCard />
    </div>
  );
}
