// The banner of a won world: wonder victory or multiple wonders victory, naming the winner.
import { useTranslation } from 'react-i18next';
import type { VictoryCheck } from '../../api/wonders';
import { formatDate } from '../../i18n/format';
import { victoryBanner } from './model';

export function VictoryBanner({ check }: { check: VictoryCheck }) {
  const { t } = useTranslation('wonders');
  const banner = victoryBanner(check);
  if (!banner) return null;
  const achieved = check.winner ? new Date(check.winner.achievedAt) : null;
  return (
    <section className="victory-banner" aria-labelledby="victory-title">
      <h2 id="victory-title" className="victory-banner__title">
        {banner.title}
      </h2>
      <p className="victory-banner__text">{banner.text}</p>
      {achieved && !Number.isNaN(achieved.getTime()) && <p className="victory-banner__date">{t('victory.achieved', { date: formatDate(achieved) })}</p>}
    </section>
  );
}
