import { Users } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function UserManagementPage() {
  return (
    <PlaceholderPage
      title="User Management"
      icon={Users}
      summary="Users, groups and roles arrive with the Administration area."
      description="Users, groups and roles."
    />
  );
}
