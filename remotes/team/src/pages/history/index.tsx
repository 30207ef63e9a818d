import { TeamList } from '../list/TeamList';

export default function HistoryPage() {
  return <TeamList view="history" />;
}
