import { PendingPage } from '../PendingPage';

export default function UserManagementPage() {
  return <PendingPage routeKey="system/user-management" />;
}
