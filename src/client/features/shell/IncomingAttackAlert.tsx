// The top bar's warning of enemy armies marching at the player's villages, with a live countdown to the first arrival.
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { incomingAttacks } from '../../state/army';
import { movementsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';

export function IncomingAttackAlert() {
  const { t } = useTranslation('shell');
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
        <Trans
          t={t}
          i18nKey={first.type === 'raid' ? 'attack.raid' : first.type === 'scout' ? 'attack.scout' : 'attack.attack'}
          values={{ target: first.toVillage.name, source: first.fromVillage.name }}
          components={{
            // Reading the movements again after arrival settles the battle and clears the warning.
            countdown: (
              <ArrivalCountdown key={first.id} until={first.arrivesAtClient} onDone={() => void client.invalidateQueries({ queryKey: movementsQuery(viewer).queryKey })} />
            ),
          }}
        />
        {more > 0 && ` ${t('attack.more', { more })}`}
      </span>
    </Link>
  );
}
