import { PendingPage } from '../PendingPage';

export default function OngoingPage() {
  return <PendingPage routeKey="team/ongoing" />;
}
