// The top bar's warning of enemy armies marching at the player's villages, with a live countdown to the first arrival.
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { incomingAttacksAtom, loadMovementsAtom } from '../../state/army';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';

export function IncomingAttackAlert() {
  const attacks = useAtomValue(incomingAttacksAtom);
  const loadMovements = useSetAtom(loadMovementsAtom);
  const first = attacks[0];
  if (!first) return null;
  const more = attacks.length - 1;
  return (
    <Link to="/game/army" className="shell__attack" role="alert" data-testid="incoming-attack">
      <span aria-hidden="true">⚔</span>
      <span>
        {first.type === 'raid' ? 'Raid' : 'Attack'} on {first.toVillage.name} from {first.fromVillage.name} in{' '}
        {/* Reading the movements again after arrival settles the battle and clears the warning. */}
        <ArrivalCountdown key={first.id} until={first.arrivesAtClient} onDone={() => void loadMovements()} />
        {more > 0 && ` (+${more} more)`}
      </span>
    </Link>
  );
}
