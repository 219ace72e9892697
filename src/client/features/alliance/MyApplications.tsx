// The player's applications waiting for an answer, each with Withdraw; nothing while there are none.
import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { declineApplication, type MyApplication } from '../../api/alliances';
import { myApplicationsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { useAction } from '../../ui/useAction';
import { AllianceLink } from './AllianceLink';
import { withdrawn } from './allianceCache';

export function MyApplications() {
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const applications = useQuery(myApplicationsQuery(viewer)).data;
  const withdraw = useAction({
    mutationFn: (application: MyApplication) => declineApplication(application.id),
    onSuccess: (_reply, application) => withdrawn(client, viewer, application),
    success: (_reply, application) => `Your application to [${application.alliance.tag}] is withdrawn.`,
    failure: 'Failed to withdraw the application',
  });

  // The last withdrawal's word stays once the list is empty.
  if (!applications || (applications.length === 0 && !withdraw.outcome)) return null;
  return (
    <section className="alliance-my-applications" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alliance-section-title">
        Your applications
      </h2>
      <ActionOutcome message={withdraw.outcome} />
      {applications.length > 0 && (
        <ul className="alliance-invitations__list" aria-label="Your applications">
          {applications.map((application) => (
            <li key={application.id} className="card invitation" aria-label={`Application to ${application.alliance.name}`}>
              <div className="invitation__text">
                <p className="invitation__name">
                  <AllianceLink alliance={application.alliance} />
                </p>
                <p className="invitation__inviter muted">
                  Waiting for an answer since <time dateTime={application.createdAt}>{formatDateTime(application.createdAt)}</time>
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
                  Withdraw
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
