import { PendingPage } from '../PendingPage';

export default function SystemConfigPage() {
  return <PendingPage routeKey="system/system-config" />;
}
