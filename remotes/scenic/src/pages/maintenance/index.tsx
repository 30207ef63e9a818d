import { PendingPage } from '../PendingPage';

export default function MaintenancePage() {
  return <PendingPage routeKey="scenic/maintenance" />;
}
