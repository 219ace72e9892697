// /game/map: placeholder page until the real one is built.
import { ComingSoon } from '../../ui/ComingSoon';

export default function MapPage() {
  return <ComingSoon title="World Map" />;
}
