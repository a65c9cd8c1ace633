import { SlidersHorizontal } from 'lucide-react';
import { useAuth } from '../../lib/auth-store';
import { fullName } from '../../lib/format';
import { Avatar, Card, EmptyState } from '../../ui';
import { ConfigurationFrame } from './ConfigurationFrame';

const ROLE_LABEL: Record<string, string> = {
  superadmin: 'Super admin',
  poc: 'Point of contact',
  user: 'User',
  salesManager: 'Sales manager',
  salesRep: 'Sales rep',
  talentPoolUser: 'Talent pool',
};

export default function ConfigurationPage() {
  const { user } = useAuth();
  return (
    <ConfigurationFrame current="profile" description="Your profile and organisation settings.">
      {user ? (
        <Card className="flex flex-wrap items-center gap-4 p-5">
          <Avatar
            size="lg"
            firstName={user.firstName}
            lastName={user.lastName}
            imageUrl={user.profileImageUrl}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="text-sm font-semibold text-fg">{fullName(user) || user.email}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <dl className="flex gap-8 text-sm">
            <div>
              <dt className="text-xs text-subtle">Role</dt>
              <dd className="font-medium text-fg">{ROLE_LABEL[user.role] ?? user.role}</dd>
            </div>
            <div>
              <dt className="text-xs text-subtle">Organisation</dt>
              <dd className="font-medium text-fg">{user.organization.name}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      <EmptyState
        icon={SlidersHorizontal}
        title="More settings are on their way"
        description="Editing your profile and organisation settings arrives with the Administration area."
      />
    </ConfigurationFrame>
  );
}
