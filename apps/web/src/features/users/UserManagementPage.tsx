import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { PageHeader, SelectField, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui';
import { useOrganizations } from '../organizations';
import { GroupsTab } from './GroupsTab';
import { RolesTab } from './RolesTab';
import { UsersTab } from './UsersTab';

const TABS = ['users', 'groups', 'roles'] as const;
type Tab = (typeof TABS)[number];

/** The super admin picks the organisation first; everyone else manages their own. */
function OrganizationPicker({ value, onChange }: { value: string; onChange(id: string): void }) {
  const orgs = useOrganizations({ page: 0, size: 100 });
  const options = (orgs.data?.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  if (!options.some((o) => o.value === value))
    options.unshift({ value, label: 'Your organization' });
  return (
    <SelectField
      label="Organization"
      labelInside
      value={value}
      onValueChange={onChange}
      options={options}
      className="w-72"
    />
  );
}

/** /user-management (super admin and point of contact): users, groups and roles. */
export default function UserManagementPage() {
  const user = useAuth().user;
  const [params, setParams] = useSearchParams();
  const [organizationId, setOrganizationId] = useState(user?.organizationId ?? '');
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'users';
  const superAdmin = user?.role === 'superadmin';

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="User Management"
        description="Invite people, put them in groups and give them roles."
        actions={
          superAdmin ? (
            <OrganizationPicker value={organizationId} onChange={setOrganizationId} />
          ) : null
        }
      />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'users' ? {} : { tab: next }, { replace: true })
        }
        className="flex flex-col gap-4"
      >
        <TabsList aria-label="User Management">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="groups">Groups</TabsTrigger>
          <TabsTrigger value="roles">Roles</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab organizationId={organizationId} />
        </TabsContent>
        <TabsContent value="groups">
          <GroupsTab organizationId={organizationId} />
        </TabsContent>
        <TabsContent value="roles">
          <RolesTab organizationId={organizationId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
