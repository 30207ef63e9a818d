import { PendingPage } from '../PendingPage';

export default function ListPage() {
  return <PendingPage routeKey="guide/list" />;
}
