import { useAuth, useCan } from '../../lib/auth-store';
import { AppearanceCard, OrganizationCard, ProfileCard } from '../profile';
import { ConfigurationFrame } from './ConfigurationFrame';

export const ROLE_LABEL: Record<string, string> = {
  superadmin: 'Super admin',
  poc: 'Point of contact',
  user: 'User',
  salesManager: 'Sales manager',
  salesRep: 'Sales rep',
  talentPoolUser: 'Talent pool',
};

/** /configuration: own profile and picture, the organisation (point of contact), appearance. */
export default function ConfigurationPage() {
  const { user } = useAuth();
  const managesOrganization = useCan('organization.manage');
  return (
    <ConfigurationFrame current="profile" description="Your profile and organisation settings.">
      {user ? (
        <>
          <ProfileCard key={user.id} user={user} roleLabel={ROLE_LABEL[user.role] ?? user.role} />
          {managesOrganization ? <OrganizationCard /> : null}
          <AppearanceCard />
        </>
      ) : null}
    </ConfigurationFrame>
  );
}
