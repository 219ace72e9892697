// /game/wonders: placeholder page until the real one is built.
import { ComingSoon } from '../../ui/ComingSoon';

export default function WondersPage() {
  return <ComingSoon title="World Wonders" />;
}
