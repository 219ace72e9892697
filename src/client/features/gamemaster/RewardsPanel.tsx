// Distribute Rewards: resources into the capitals of a world's players (or one player's), once per submission even when retried.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { distributeRewards, type DistributeRewardsRequest, type GmWorld } from '../../api/gamemaster';
import { formatInteger } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { grantedText, nextRewardSubmission, rewardAmounts, REWARD_RESOURCES, type RewardAmounts, type RewardSubmission } from './model';
import { useGmCache } from './useGmCache';

const EMPTY: RewardAmounts = { timber: '', stone: '', iron: '', mead: '' };

export function RewardsPanel({ worlds }: { worlds: GmWorld[] }) {
  const { t } = useTranslation('gamemaster');
  const [worldId, setWorldId] = useState(worlds[0]?.world.id ?? '');
  const [username, setUsername] = useState('');
  const [amounts, setAmounts] = useState<RewardAmounts>(EMPTY);
  // The submission in flight or last failed: sent again under the same key when the form still asks the same.
  const submission = useRef<RewardSubmission | null>(null);
  const cache = useGmCache();
  // Other players' capitals are paid: nothing this page reads changes but the audit log.
  const distribute = useAction({
    mutationFn: ({ request }: { request: DistributeRewardsRequest; sent: RewardSubmission }) => distributeRewards(request),
    onSuccess: (_result, { sent }) => {
      sent.settled = true;
      setAmounts(EMPTY);
      cache.rewardsDistributed();
    },
    success: (result) => {
      const world = worlds.find((w) => w.world.id === result.worldId)?.world.name ?? t('rewards.theWorld');
      return t('rewards.granted', { granted: grantedText(result.granted), count: result.players, world });
    },
    failure: t('rewards.failed'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const resources = rewardAmounts(amounts);
    if (!resources) {
      distribute.refuse(t('rewards.badAmounts', { max: formatInteger(10_000_000) }));
      return;
    }
    const who = username.trim();
    const fingerprint = JSON.stringify({ worldId, who, resources });
    const current = nextRewardSubmission(submission.current, fingerprint);
    submission.current = current;
    distribute.run({ request: { worldId, resources, idempotencyKey: current.key, ...(who ? { username: who } : {}) }, sent: current });
  }

  return (
    <form className="gm-form" onSubmit={onSubmit} aria-label={t('rewards.form')}>
      <div className="field">
        <label htmlFor="reward-world">{t('world.label')}</label>
        <select id="reward-world" className="input" value={worldId} onChange={(event) => setWorldId(event.target.value)}>
          {worlds.map((w) => (
            <option key={w.world.id} value={w.world.id}>
              {w.world.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="reward-username">{t('rewards.player')}</label>
        <input id="reward-username" className="input" maxLength={50} value={username} onChange={(event) => setUsername(event.target.value)} />
      </div>
      {REWARD_RESOURCES.map((type) => (
        <div className="field" key={type}>
          <label htmlFor={`reward-${type}`}>{resourceName(type)}</label>
          <input
            id={`reward-${type}`}
            className="input"
            type="number"
            min={0}
            max={10_000_000}
            step={1}
            placeholder="0"
            value={amounts[type]}
            onChange={(event) => setAmounts((current) => ({ ...current, [type]: event.target.value }))}
          />
        </div>
      ))}
      <p className="muted gm-form__wide">{t('rewards.note')}</p>
      <div className="gm-form__actions">
        <ActionButton type="submit" className="button" disabled={!worldId} pending={distribute.pending}>
          {t('rewards.submit')}
        </ActionButton>
        <ActionOutcome message={distribute.outcome} />
      </div>
    </form>
  );
}
