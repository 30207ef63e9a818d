import { PendingPage } from '../PendingPage';

export default function AnalysisPage() {
  return <PendingPage routeKey="dashboard/analysis" />;
}
