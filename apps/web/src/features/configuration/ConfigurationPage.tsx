import { ROLE_NAMES } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import {
  AnalysisSettingsCard,
  AppearanceCard,
  OrganizationCard,
  PrivacyCard,
  ProfileCard,
} from '../profile';
import { ConfigurationFrame } from './ConfigurationFrame';

/**
 * /configuration: own profile and picture, the organisation and its analysis settings (point of
 * contact), appearance.
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
