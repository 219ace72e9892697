// What a battle against an oasis's animals adds to its report: the animals and their losses, and whether the oasis changed hands.
import type { BattleReport } from '../../api/army';
import { animalsText } from '../../../rules/oases';

export function OasisFacts({ oasis }: { oasis: NonNullable<BattleReport['oasis']> }) {
  return (
    <dl className="report__facts" aria-label="Oasis">
      <div>
        <dt>Animals</dt>
        <dd>{animalsText(oasis.animals) || 'None'}</dd>
      </div>
      <div>
        <dt>Killed</dt>
        <dd>{animalsText(oasis.animalLosses) || 'None'}</dd>
      </div>
      <div>
        <dt>Oasis</dt>
        <dd data-testid="oasis-outcome">
          {oasis.annexed ? `Annexed${oasis.takenFrom ? ` (taken from ${oasis.takenFrom})` : ''}` : oasis.notAnnexed ? `Not annexed: ${oasis.notAnnexed}` : 'Cleared, not annexed (a raid)'}
        </dd>
      </div>
    </dl>
  );
}
