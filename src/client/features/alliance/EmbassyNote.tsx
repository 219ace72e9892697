// What founding or joining an alliance needs of the player's embassy, how theirs stands, and the way to build it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOUNDING_EMBASSY_LEVEL, JOINING_EMBASSY_LEVEL, MEMBERS_PER_EMBASSY_LEVEL, memberCap } from '../../../rules/embassy';

/** The village page's buildings tab with the embassy chosen in its build panel (an embassy already standing is upgraded from the list). */
export const BUILD_EMBASSY_LINK = '/game/village?tab=buildings&build=embassy';

const NEEDED = { found: FOUNDING_EMBASSY_LEVEL, join: JOINING_EMBASSY_LEVEL } as const;

export type EmbassyNeed = keyof typeof NEEDED;

/** Whether a player whose highest embassy stands at `level` may found (or join) an alliance. */
export function embassyAllows(need: EmbassyNeed, level: number): boolean {
  return level >= NEEDED[need];
}

export interface EmbassyNoteProps {
  need: EmbassyNeed;
  /** The player's highest embassy level. */
  level: number;
  /** For the buttons it explains (aria-describedby). */
  id?: string;
}

export function EmbassyNote({ need, level, id }: EmbassyNoteProps) {
  const { t } = useTranslation('alliance');
  const needed = NEEDED[need];
  const short = level < needed;
  // A founder's embassy sets how many the new alliance may hold.
  const room = !short && need === 'found' ? ` ${t('embassy.room', { cap: memberCap(level), perLevel: MEMBERS_PER_EMBASSY_LEVEL })}` : '';
  return (
    <p id={id} className={`alliance-embassy${short ? ' alliance-embassy--short' : ''}`}>
      {t(`embassy.needs.${need}`, { needed, level })}
      {room}
      {short && (
        <>
          {' '}
          <Link to={BUILD_EMBASSY_LINK}>{level === 0 ? t('embassy.build') : t('embassy.raise')}</Link>
        </>
      )}
    </p>
  );
}
