// /game/army: SPEC section 2 says army only shows a 'coming soon' message.
import { ComingSoon } from '../../ui/ComingSoon';

export default function ArmyPage() {
  return <ComingSoon title="Army" message="Army management is coming soon." />;
}
