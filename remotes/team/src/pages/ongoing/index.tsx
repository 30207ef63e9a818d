import { TeamList } from '../list/TeamList';

export default function OngoingPage() {
  return <TeamList view="ongoing" />;
}
