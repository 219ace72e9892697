// /game/quests: placeholder page until the real one is built.
import { ComingSoon } from '../../ui/ComingSoon';

export default function QuestsPage() {
  return <ComingSoon title="Quests" />;
}
