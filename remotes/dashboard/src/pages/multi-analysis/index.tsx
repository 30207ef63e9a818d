import { PendingPage } from '../PendingPage';

export default function MultiAnalysisPage() {
  return <PendingPage routeKey="dashboard/multi-analysis" />;
}
