import { PendingPage } from '../PendingPage';

export default function WorkplacePage() {
  return <PendingPage routeKey="dashboard/workplace" />;
}
