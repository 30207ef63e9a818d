import { PendingPage } from '../PendingPage';

export default function MonitorPage() {
  return <PendingPage routeKey="dashboard/monitor" />;
}
