import { PendingPage } from '../PendingPage';

export default function RoleManagementPage() {
  return <PendingPage routeKey="system/role-management" />;
}
