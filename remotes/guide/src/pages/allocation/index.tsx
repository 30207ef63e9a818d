import { PendingPage } from '../PendingPage';

export default function AllocationPage() {
  return <PendingPage routeKey="guide/allocation" />;
}
