// The player's applications waiting for an answer, each with Withdraw; nothing while there are none.
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { declineApplication, type MyApplication } from '../../api/alliances';
import { myApplicationsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../i18n/format';
import { useAction } from '../../ui/useAction';
import { AllianceLink } from './AllianceLink';
import { withdrawn } from './allianceCache';

export function MyApplications() {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const applications = useQuery(myApplicationsQuery(viewer)).data;
  const withdraw = useAction({
    mutationFn: (application: MyApplication) => declineApplication(application.id),
    onSuccess: (_reply, application) => withdrawn(client, viewer, application),
    success: (_reply, application) => t('myApplications.withdrawn', { tag: application.alliance.tag }),
    failure: t('myApplications.withdrawFailed'),
  });

  // The last withdrawal's word stays once the list is empty.
  if (!applications || (applications.length === 0 && !withdraw.outcome)) return null;
  return (
    <section className="alliance-my-applications" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alliance-section-title">
        {t('myApplications.title')}
      </h2>
      <ActionOutcome message={withdraw.outcome} />
      {applications.length > 0 && (
        <ul className="alliance-invitations__list" aria-label={t('myApplications.title')}>
          {applications.map((application) => (
            <li key={application.id} className="card invitation" aria-label={t('myApplications.item', { name: application.alliance.name })}>
              <div className="invitation__text">
                <p className="invitation__name">
                  <AllianceLink alliance={application.alliance} />
                </p>
                <p className="invitation__inviter muted">
                  <Trans
                    t={t}
                    i18nKey="myApplications.waitingSince"
                    values={{ when: formatDateTime(application.createdAt) }}
                    components={{ time: <time dateTime={application.createdAt} /> }}
                  />
                </p>
                {application.message && <blockquote className="invitation__message">{application.message}</blockquote>}
              </div>
              <div className="invitation__actions">
                <ActionButton
                  className="button button--secondary"
                  pending={withdraw.pending && withdraw.variables?.id === application.id}
                  disabled={withdraw.pending}
                  onClick={() => withdraw.run(application)}
                >
                  {t('actions.withdraw')}
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
