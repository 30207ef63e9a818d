import { PendingPage } from '../PendingPage';

export default function HistoryPage() {
  return <PendingPage routeKey="team/history" />;
}
