// Distribute Rewards: resources into the capitals of a world's players (or one player's), once per submission even when retried.
import { useRef, useState, type FormEvent } from 'react';
import { distributeRewards, type DistributeRewardsRequest, type GmWorld } from '../../api/gamemaster';
import { RESOURCE_NAMES } from '../../../rules/resources';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { grantedText, nextRewardSubmission, rewardAmounts, REWARD_RESOURCES, type RewardAmounts, type RewardSubmission } from './model';
import { useGmCache } from './useGmCache';

const EMPTY: RewardAmounts = { timber: '', stone: '', iron: '', mead: '' };

export function RewardsPanel({ worlds }: { worlds: GmWorld[] }) {
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
      const world = worlds.find((w) => w.world.id === result.worldId)?.world.name ?? 'the world';
      return `Granted ${grantedText(result.granted)} to ${result.players} ${result.players === 1 ? 'player' : 'players'} in ${world} (after storage limits).`;
    },
    failure: 'Failed to distribute the rewards. Sending the same again will not pay twice.',
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const resources = rewardAmounts(amounts);
    if (!resources) {
      distribute.refuse('Amounts are whole numbers from 0 to 10,000,000.');
      return;
    }
    const who = username.trim();
    const fingerprint = JSON.stringify({ worldId, who, resources });
    const current = nextRewardSubmission(submission.current, fingerprint);
    submission.current = current;
    distribute.run({ request: { worldId, resources, idempotencyKey: current.key, ...(who ? { username: who } : {}) }, sent: current });
  }

  return (
    <form className="gm-form" onSubmit={onSubmit} aria-label="Distribute rewards">
      <div className="field">
        <label htmlFor="reward-world">World</label>
        <select id="reward-world" className="input" value={worldId} onChange={(event) => setWorldId(event.target.value)}>
          {worlds.map((w) => (
            <option key={w.world.id} value={w.world.id}>
              {w.world.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="reward-username">Player (leave empty for every player)</label>
        <input id="reward-username" className="input" maxLength={50} value={username} onChange={(event) => setUsername(event.target.value)} />
      </div>
      {REWARD_RESOURCES.map((type) => (
        <div className="field" key={type}>
          <label htmlFor={`reward-${type}`}>{RESOURCE_NAMES[type]}</label>
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
      <p className="muted gm-form__wide">Rewards land in each capital, up to what its storehouses hold.</p>
      <div className="gm-form__actions">
        <ActionButton type="submit" className="button" disabled={!worldId} pending={distribute.pending}>
          Distribute Rewards
        </ActionButton>
        <ActionOutcome message={distribute.outcome} />
      </div>
    </form>
  );
}
