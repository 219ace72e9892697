// /game/heroes: placeholder page until the real one is built.
import { ComingSoon } from '../../ui/ComingSoon';

export default function HeroesPage() {
  return <ComingSoon title="Heroes" />;
}
