import { useAuth } from '../../lib/auth-store';
import { PageHeader } from '../../ui';
import { TalentPoolCredits } from '../billing';
import { AppearanceCard } from './AppearanceCard';
import { ProfileCard } from './ProfileCard';
import { YourDataCard } from './YourDataCard';

/**
 * /settings for talent-pool users: their name and picture, their credits, the theme, and their
 * data (the archive of it, and deleting the account).
 */
export default function SettingsPage() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Your account, credits and preferences." />
      {user ? <ProfileCard key={user.id} user={user} roleLabel="Talent pool" /> : null}
      <TalentPoolCredits />
      <AppearanceCard />
      {user ? <YourDataCard email={user.email} /> : null}
    </div>
  );
}
