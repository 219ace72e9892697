// The settings page's Alerts section: enable push alerts for this browser (service worker, permission, subscription), choose which, disable.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../../api/client';
import { deleteAlertSubscription, saveAlertSubscription, type AlertKind, type AlertSettings } from '../../api/alerts';
import { alertSettingsQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { userIdAtom } from '../../state/session';
import { ALERT_KINDS, ALERT_NAMES } from '../../../rules/alerts';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { subscriptionRequest, toggled } from './model';
import { PermissionRefused, currentSubscription, notificationPermission, pushSupport, subscribeBrowser, unsubscribeBrowser } from './push';
import './alerts.css';

/** What to say when enabling failed: the permission's words, the server's, or the browser's. */
function enableOutcome(error: Error | null, fallback: OutcomeMessage | null): OutcomeMessage | null {
  if (!error || error instanceof ApiFailure) return fallback;
  // Refused for good, the section says how to allow them instead.
  if (error instanceof PermissionRefused) return notificationPermission() === 'denied' ? null : { kind: 'error', text: error.message };
  return { kind: 'error', text: `Could not enable alerts: ${error.message}` };
}

/** The saved subscription of this browser, to save again with other kinds. */
async function resave(kinds: AlertKind[]): Promise<AlertSettings> {
  const subscription = await currentSubscription();
  const body = subscription ? subscriptionRequest(subscription.toJSON(), kinds) : null;
  if (!body) throw new Error('This browser is no longer subscribed: enable alerts again.');
  return saveAlertSubscription(body);
}

export function AlertsSection() {
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const support = pushSupport();
  // This browser's endpoint: undefined while the browser is asked, null when it has no subscription.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(support === 'supported' ? undefined : null);
  const [permission, setPermission] = useState(() => (support === 'supported' ? notificationPermission() : 'default'));
  // The kinds chosen before enabling; once subscribed, the server's.
  const [draft, setDraft] = useState<AlertKind[] | null>(null);
  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setEndpoint(subscription?.endpoint ?? null),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, [support]);
  const settings = useQuery({ ...alertSettingsQuery(viewer, endpoint ?? null), enabled: viewer !== null && support === 'supported' && endpoint !== undefined });
  const subscribed = settings.data?.subscribed ?? false;
  const kinds = (subscribed ? null : draft) ?? settings.data?.kinds ?? [];

  const saved = (at: string | null, reply: AlertSettings) => {
    putQueryData(client, alertSettingsQuery(viewer, at).queryKey, reply);
    setEndpoint(at);
  };
  const enable = useAction({
    mutationFn: async ({ publicKey, wanted }: { publicKey: string; wanted: AlertKind[] }) => {
      const subscription = await subscribeBrowser(publicKey);
      const body = subscriptionRequest(subscription.toJSON(), wanted);
      if (!body) throw new Error('the browser gave a subscription without keys');
      return { at: subscription.endpoint, reply: await saveAlertSubscription(body) };
    },
    onSuccess: ({ at, reply }) => saved(at, reply),
    onSettled: () => setPermission(notificationPermission()),
    success: 'Alerts are on for this browser.',
    failure: 'Could not enable alerts.',
  });
  const choose = useAction({
    mutationFn: resave,
    onSuccess: (reply) => saved(endpoint ?? null, reply),
    success: 'Saved.',
    failure: 'Could not save your choice.',
  });
  const disable = useAction({
    mutationFn: async () => {
      if (endpoint) await deleteAlertSubscription(endpoint);
      await unsubscribeBrowser();
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: alertSettingsQuery(viewer, null).queryKey });
      setEndpoint(null);
    },
    success: 'Alerts are off for this browser.',
    failure: 'Could not disable alerts.',
  });

  // One outcome beside the buttons: the last action's.
  const quiet = () => [enable, choose, disable].forEach((action) => action.mutation.reset());
  const onToggle = (kind: AlertKind, on: boolean) => {
    const next = toggled(kinds, kind, on);
    quiet();
    if (subscribed) choose.run(next);
    else setDraft(next);
  };
  const busy = enable.pending || choose.pending || disable.pending;

  return (
    <section className="card alerts-settings" aria-labelledby={`${id}-title`} data-testid="alerts-settings">
      <h2 id={`${id}-title`}>Alerts</h2>
      <p>
        Alerts reach this browser while the game is closed: an attack coming, a village lost, a building finished, a message or a battle report. None is
        sent while the game is open in front of you. <Link to="/game/alerts">Your last alerts</Link>
      </p>
      {support === 'unsupported' && <p className="alert alert--compact">This browser cannot show alerts while the game is closed.</p>}
      {support === 'insecure' && <p className="alert alert--compact">Alerts need the game served over https (or on localhost).</p>}
      {support === 'supported' && permission === 'denied' && !subscribed && (
        <p className="alert alert--compact" role="alert" data-testid="alerts-blocked">
          Notifications are blocked for this game in your browser. Allow them in the site settings, then enable alerts again.
        </p>
      )}
      {support === 'supported' && (settings.isPending || endpoint === undefined) && <Spinner label="Loading your alert settings..." />}
      {support === 'supported' && settings.isError && <p className="alert">Could not load your alert settings.</p>}
      {support === 'supported' && settings.data && (
        <>
          <fieldset className="alerts-settings__kinds" disabled={busy}>
            <legend>{subscribed ? 'This browser alerts you of' : 'Alert me of'}</legend>
            {ALERT_KINDS.map((kind) => (
              <label key={kind} className="alerts-settings__kind">
                <input type="checkbox" checked={kinds.includes(kind)} onChange={(event) => onToggle(kind, event.target.checked)} />
                {ALERT_NAMES[kind]}
              </label>
            ))}
          </fieldset>
          <div className="row">
            {subscribed ? (
              <ActionButton className="button button--secondary" pending={disable.pending} busyLabel="Disabling..." disabled={busy} onClick={() => {
                  quiet();
                  disable.run();
                }}>
                Disable alerts
              </ActionButton>
            ) : (
              <ActionButton
                className="button"
                pending={enable.pending}
                busyLabel="Enabling..."
                disabled={busy}
                onClick={() => {
                  quiet();
                  enable.run({ publicKey: settings.data.publicKey, wanted: kinds });
                }}
              >
                Enable alerts
              </ActionButton>
            )}
            <ActionOutcome message={enableOutcome(enable.mutation.error, enable.outcome) ?? choose.outcome ?? disable.outcome} />
          </div>
        </>
      )}
    </section>
  );
}
