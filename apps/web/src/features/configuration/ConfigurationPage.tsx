import { ROLE_NAMES } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import {
  AnalysisSettingsCard,
  AppearanceCard,
  OrganizationCard,
  PrivacyCard,
  ProfileCard,
  RetentionCard,
} from '../profile';
import { AddressesCard } from '../addresses';
import { UsageCard } from '../billing';
import { OrganizationInvoices } from '../invoices';
import { ConfigurationFrame } from './ConfigurationFrame';

/**
 * /configuration: own profile and picture, the plan's usage and credits, the organisation, its
 * billing and shipping addresses, its invoices and its analysis settings (point of contact),
 * appearance.
 */
export default function ConfigurationPage() {
  const { user } = useAuth();
  const managesOrganization = useCan('organization.manage');
  const readsMeetings = useCan('meetings.read');
  const managesBilling = useCan('billing.manage');
  return (
    <ConfigurationFrame current="profile" description="Your profile and organization settings.">
      {user ? (
        <>
          <ProfileCard key={user.id} user={user} roleLabel={ROLE_NAMES[user.role] ?? user.role} />
          {readsMeetings ? <UsageCard canChoosePlan={managesBilling} /> : null}
          {managesOrganization ? (
            <>
              <OrganizationCard />
              <AddressesCard organizationId={user.organizationId} />
              {managesBilling ? <OrganizationInvoices /> : null}
              <AnalysisSettingsCard />
              <PrivacyCard />
              <RetentionCard />
            </>
          ) : null}
          <AppearanceCard />
        </>
      ) : null}
    </ConfigurationFrame>
  );
}
