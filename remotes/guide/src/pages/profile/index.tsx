import { PendingPage } from '../PendingPage';

export default function ProfilePage() {
  return <PendingPage routeKey="guide/profile" />;
}
