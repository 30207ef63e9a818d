import { PendingPage } from '../PendingPage';

export default function PropertyManagementPage() {
  return <PendingPage routeKey="system/property-management" />;
}
