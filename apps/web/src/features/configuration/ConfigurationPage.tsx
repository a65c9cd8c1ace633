import { ROLE_NAMES } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import {
  AnalysisSettingsCard,
  AppearanceCard,
  OrganizationCard,
  PrivacyCard,
  ProfileCard,
} from '../profile';
import { AddressesCard } from '../addresses';
import { ConfigurationFrame } from './ConfigurationFrame';

/**
 * /configuration: own profile and picture, the organisation, its billing and shipping addresses
 * and its analysis settings (point of contact), appearance.
 */
export default function ConfigurationPage() {
  const { user } = useAuth();
  const managesOrganization = useCan('organization.manage');
  return (
    <ConfigurationFrame current="profile" description="Your profile and organization settings.">
      {user ? (
        <>
          <ProfileCard key={user.id} user={user} roleLabel={ROLE_NAMES[user.role] ?? user.role} />
          {managesOrganization ? (
            <>
              <OrganizationCard />
              <AddressesCard organizationId={user.organizationId} />
              <AnalysisSettingsCard />
              <PrivacyCard />
            </>
          ) : null}
          <AppearanceCard />
        </>
      ) : null}
    </ConfigurationFrame>
  );
}
