// Applications to the alliance, for ranks that answer them: who applied, their population, their message and when, with Accept and Decline.
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptApplication, declineApplication, type AllianceApplication } from '../../api/alliances';
import { apiError } from '../../api/client';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { allianceApplicationsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { allianceChanged, applicationAnswered } from './allianceCache';

export function ApplicationsTab() {
  const { t } = useTranslation('alliance');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const read = useQuery(allianceApplicationsQuery(viewer, true));
  // The reply of accepting is the alliance with its new member; the application leaves the list either way.
  const accept = useAction({
    mutationFn: (application: AllianceApplication) => acceptApplication(application.id),
    onSuccess: (reply, application) => {
      allianceChanged(client, viewer, reply, { directory: true });
      applicationAnswered(client, viewer, application.id);
    },
    // Refused because it was answered or withdrawn meanwhile, or the applicant joined elsewhere: the list is read again.
    onError: () => void client.invalidateQueries({ queryKey: allianceApplicationsQuery(viewer, true).queryKey }),
    success: (_reply, application) => t('applications.accepted', { name: application.user.username }),
    failure: t('applications.acceptFailed'),
  });
  const decline = useAction({
    mutationFn: (application: AllianceApplication) => declineApplication(application.id),
    onSuccess: (_reply, application) => applicationAnswered(client, viewer, application.id),
    success: (_reply, application) => t('applications.declined', { name: application.user.username }),
    failure: t('applications.declineFailed'),
  });
  const busy = accept.pending || decline.pending;

  if (!read.data) {
    if (read.isError) {
      return (
        <div className="card alliance-failed">
          <p>{apiError(read.error, t('applications.loadFailed'))}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            {t('actions.tryAgain')}
          </button>
        </div>
      );
    }
    return <Spinner label={t('applications.loading')} />;
  }
  const applications = read.data;
  return (
    <div className="stack">
      <ActionOutcome message={accept.outcome ?? decline.outcome} />
      {applications.length === 0 ? (
        <p className="card muted alliance-soon">{t('applications.none')}</p>
      ) : (
        <ul className="alliance-applications" aria-label={t('applications.list')}>
          {applications.map((application) => (
            <li key={application.id} className="card alliance-application" aria-label={t('applications.item', { name: application.user.username })}>
              <div className="alliance-application__text">
                <p className="alliance-application__who">
                  <strong>
                    <PlayerLink player={application.user} />
                  </strong>{' '}
                  <span className="muted">
                    <Trans
                      t={t}
                      i18nKey="applications.meta"
                      values={{ population: formatNumber(application.population), when: formatDateTime(application.createdAt) }}
                      components={{ time: <time dateTime={application.createdAt} /> }}
                    />
                  </span>
                </p>
                {/* Text only: what a player wrote is never read as markup. */}
                {application.message ? (
                  <blockquote className="invitation__message">{application.message}</blockquote>
                ) : (
                  <p className="muted alliance-application__none">{t('applications.noMessage')}</p>
                )}
              </div>
              <div className="invitation__actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => {
                    decline.mutation.reset();
                    accept.run(application);
                  }}
                >
                  {t('actions.accept')}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => {
                    accept.mutation.reset();
                    decline.run(application);
                  }}
                >
                  {t('actions.decline')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
