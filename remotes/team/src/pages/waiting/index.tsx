import { TeamList } from '../list/TeamList';

export default function WaitingPage() {
  return <TeamList view="waiting" />;
}
