import { useAuth } from '../../lib/auth-store';
import { PageHeader } from '../../ui';
import { AppearanceCard } from './AppearanceCard';
import { ProfileCard } from './ProfileCard';

/** /settings for talent-pool users: their name and picture, and the theme. */
export default function SettingsPage() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Your account and preferences." />
      {user ? <ProfileCard key={user.id} user={user} roleLabel="Talent pool" /> : null}
      <AppearanceCard />
    </div>
  );
}
