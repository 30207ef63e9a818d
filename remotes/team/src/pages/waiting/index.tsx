import { PendingPage } from '../PendingPage';

export default function WaitingPage() {
  return <PendingPage routeKey="team/waiting" />;
}
