// The top bar's warning of enemy armies marching at the player's villages, with a live countdown to the first arrival.
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { incomingAttacks } from '../../state/army';
import { movementsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';

export function IncomingAttackAlert() {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const movements = useQuery(movementsQuery(viewer)).data;
  const attacks = incomingAttacks(movements ?? []);
  const first = attacks[0];
  if (!first) return null;
  const more = attacks.length - 1;
  return (
    <Link to="/game/army" className="shell__attack" role="alert" data-testid="incoming-attack">
      <span aria-hidden="true">⚔</span>
      <span>
        {first.type === 'raid' ? 'Raid' : first.type === 'scout' ? 'Scouts' : 'Attack'} on {first.toVillage.name} from {first.fromVillage.name} in{' '}
        {/* Reading the movements again after arrival settles the battle and clears the warning. */}
        <ArrivalCountdown key={first.id} until={first.arrivesAtClient} onDone={() => void client.invalidateQueries({ queryKey: movementsQuery(viewer).queryKey })} />
        {more > 0 && ` (+${more} more)`}
      </span>
    </Link>
  );
}
