// /game/rankings composed: the rankings with the heroes feature's leaderboard as their Heroes tab.
import RankingsPage from '../features/rankings/RankingsPage';
import { HeroLeaderboardPanel } from '../features/heroes/HeroLeaderboardPanel';

export default function RankingsFrame() {
  return <RankingsPage heroes={<HeroLeaderboardPanel />} />;
}
