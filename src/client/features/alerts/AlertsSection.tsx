// The settings page's Alerts section: enable push alerts for this browser (service worker, permission, subscription), choose which, disable.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { alertName } from '../../i18n/game';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../../api/client';
import { deleteAlertSubscription, saveAlertSubscription, type AlertKind, type AlertSettings } from '../../api/alerts';
import { alertSettingsQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { userIdAtom } from '../../state/session';
import { ALERT_KINDS } from '../../../rules/alerts';
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
  if (error instanceof PermissionRefused) return notificationPermission() === 'denied' ? null : { kind: 'error', text: i18n.t('alerts:section.permission') };
  return { kind: 'error', text: i18n.t('alerts:section.enableError', { reason: error.message }) };
}

/** The saved subscription of this browser, to save again with other kinds. */
async function resave(kinds: AlertKind[]): Promise<AlertSettings> {
  const subscription = await currentSubscription();
  const body = subscription ? subscriptionRequest(subscription.toJSON(), kinds) : null;
  if (!body) throw new Error('This browser is no longer subscribed: enable alerts again.');
  return saveAlertSubscription(body);
}

export function AlertsSection() {
  const { t } = useTranslation('alerts');
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
    success: t('section.enabled'),
    failure: t('section.enableFailed'),
  });
  const choose = useAction({
    mutationFn: resave,
    onSuccess: (reply) => saved(endpoint ?? null, reply),
    success: t('section.saved'),
    failure: t('section.saveFailed'),
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
    success: t('section.disabled'),
    failure: t('section.disableFailed'),
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
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p>
        <Trans t={t} i18nKey="section.intro" components={{ last: <Link to="/game/alerts" /> }} />
      </p>
      {support === 'unsupported' && <p className="alert alert--compact">{t('section.unsupported')}</p>}
      {support === 'insecure' && <p className="alert alert--compact">{t('section.insecure')}</p>}
      {support === 'supported' && permission === 'denied' && !subscribed && (
        <p className="alert alert--compact" role="alert" data-testid="alerts-blocked">
          {t('section.blocked')}
        </p>
      )}
      {support === 'supported' && (settings.isPending || endpoint === undefined) && <Spinner label={t('section.loading')} />}
      {support === 'supported' && settings.isError && <p className="alert">{t('section.couldNotLoad')}</p>}
      {support === 'supported' && settings.data && (
        <>
          <fieldset className="alerts-settings__kinds" disabled={busy}>
            <legend>{subscribed ? t('section.subscribedKinds') : t('section.chooseKinds')}</legend>
            {ALERT_KINDS.map((kind) => (
              <label key={kind} className="alerts-settings__kind">
                <input type="checkbox" checked={kinds.includes(kind)} onChange={(event) => onToggle(kind, event.target.checked)} />
                {alertName(kind)}
              </label>
            ))}
          </fieldset>
          <div className="row">
            {subscribed ? (
              <ActionButton className="button button--secondary" pending={disable.pending} busyLabel={t('section.disabling')} disabled={busy} onClick={() => {
                  quiet();
                  disable.run();
                }}>
                {t('section.disable')}
              </ActionButton>
            ) : (
              <ActionButton
                className="button"
                pending={enable.pending}
                busyLabel={t('section.enabling')}
                disabled={busy}
                onClick={() => {
                  quiet();
                  enable.run({ publicKey: settings.data.publicKey, wanted: kinds });
                }}
              >
                {t('section.enable')}
              </ActionButton>
            )}
            <ActionOutcome message={enableOutcome(enable.mutation.error, enable.outcome) ?? choose.outcome ?? disable.outcome} />
          </div>
        </>
      )}
    </section>
  );
}
