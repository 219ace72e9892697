// The oases the village holds, each with the production bonus it adds (already counted in the resource cards above).
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { userAtom } from '../../state/session';
import { villageOasesQuery } from '../../state/queries';
import { RESOURCE_NAMES } from '../../../rules/resources';
import { OASIS_SLOT_LEVELS } from '../../../rules/oases';

export function HeldOases({ villageId }: { villageId: string }) {
  const viewerId = useAtomValue(userAtom)?.id ?? null;
  const nearby = useQuery(villageOasesQuery(viewerId, villageId)).data ?? [];
  const held = nearby.filter((o) => o.claimedByVillageId === villageId);
  return (
    <section className="card" aria-labelledby="oases-title">
      <h2 id="oases-title">Oases</h2>
      {held.length === 0 ? (
        <p className="muted">
          This village holds no oasis. A Longhouse of level {OASIS_SLOT_LEVELS.join(', ')} holds one, two, three; clear an oasis within 3 tiles and attack it with
          a hero to annex it.
        </p>
      ) : (
        <ul className="plain-list" aria-label="Held oases">
          {held.map((o) => (
            <li key={`${o.x}|${o.y}`} className="plain-list__item">
              <Link className="plain-list__name" to={`/game/map?x=${o.x}&y=${o.y}`}>
                Oasis ({o.x}|{o.y})
              </Link>
              <span className="badge badge--green">{o.bonuses.map((b) => `+${b.percent}% ${RESOURCE_NAMES[b.resourceType]}`).join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
