import { PendingPage } from '../PendingPage';

export default function BackupRestorePage() {
  return <PendingPage routeKey="system/backup-restore" />;
}
