// What a battle against an oasis's animals adds to its report: the animals and their losses, and whether the oasis changed hands.
import { useTranslation } from 'react-i18next';
import type { BattleReport } from '../../api/army';
import { animalEntries, type AnimalCounts } from '../../../rules/oases';
import { animalName } from '../../i18n/game';
import { notAnnexedText } from './model';

/** '3 Wolves, 1 Bear' in the player's language; empty for none. */
function animalsText(animals: AnimalCounts): string {
  return animalEntries(animals)
    .map(([type, n]) => `${n} ${animalName(type, n)}`)
    .join(', ');
}

export function OasisFacts({ oasis }: { oasis: NonNullable<BattleReport['oasis']> }) {
  const { t } = useTranslation('reports');
  let outcome: string;
  if (oasis.annexed) outcome = oasis.takenFrom ? t('oasis.annexedFrom', { village: oasis.takenFrom }) : t('oasis.annexed');
  else if (oasis.notAnnexed) outcome = t('oasis.notAnnexed', { reason: notAnnexedText(oasis.notAnnexed) });
  else outcome = t('oasis.cleared');
  return (
    <dl className="report__facts" aria-label={t('oasis.label')}>
      <div>
        <dt>{t('oasis.animals')}</dt>
        <dd>{animalsText(oasis.animals) || t('none')}</dd>
      </div>
      <div>
        <dt>{t('oasis.killed')}</dt>
        <dd>{animalsText(oasis.animalLosses) || t('none')}</dd>
      </div>
      <div>
        <dt>{t('oasis.label')}</dt>
        <dd data-testid="oasis-outcome">{outcome}</dd>
      </div>
    </dl>
  );
}
