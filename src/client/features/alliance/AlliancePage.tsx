// /game/alliance: placeholder page until the real one is built.
import { ComingSoon } from '../../ui/ComingSoon';

export default function AlliancePage() {
  return <ComingSoon title="Alliance" />;
}
