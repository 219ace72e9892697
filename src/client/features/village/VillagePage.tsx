// /game/village: placeholder page until the real one is built.
import { ComingSoon } from '../../ui/ComingSoon';

export default function VillagePage() {
  return <ComingSoon title="Village" />;
}
