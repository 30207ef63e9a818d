import { PendingPage } from '../PendingPage';

export default function OperationLogPage() {
  return <PendingPage routeKey="system/operation-log" />;
}
