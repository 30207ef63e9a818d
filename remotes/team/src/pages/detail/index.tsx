import { PendingPage } from '../PendingPage';

export default function DetailPage() {
  return <PendingPage routeKey="team/detail" />;
}
