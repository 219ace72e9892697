// Applications to the alliance, for ranks that answer them: who applied, their population, their message and when, with Accept and Decline.
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptApplication, declineApplication, type AllianceApplication } from '../../api/alliances';
import { apiError } from '../../api/client';
import { formatNumber } from '../../../rules/format';
import { allianceApplicationsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { allianceChanged, applicationAnswered } from './allianceCache';

export function ApplicationsTab() {
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
    success: (_reply, application) => `${application.user.username} joined the alliance.`,
    failure: 'Failed to accept the application',
  });
  const decline = useAction({
    mutationFn: (application: AllianceApplication) => declineApplication(application.id),
    onSuccess: (_reply, application) => applicationAnswered(client, viewer, application.id),
    success: (_reply, application) => `The application of ${application.user.username} was declined.`,
    failure: 'Failed to decline the application',
  });
  const busy = accept.pending || decline.pending;

  if (!read.data) {
    if (read.isError) {
      return (
        <div className="card alliance-failed">
          <p>{apiError(read.error, 'Could not load the applications.')}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    return <Spinner label="Loading the applications..." />;
  }
  const applications = read.data;
  return (
    <div className="stack">
      <ActionOutcome message={accept.outcome ?? decline.outcome} />
      {applications.length === 0 ? (
        <p className="card muted alliance-soon">No applications are waiting.</p>
      ) : (
        <ul className="alliance-applications" aria-label="Applications">
          {applications.map((application) => (
            <li key={application.id} className="card alliance-application" aria-label={`Application from ${application.user.username}`}>
              <div className="alliance-application__text">
                <p className="alliance-application__who">
                  <strong>
                    <PlayerLink player={application.user} />
                  </strong>{' '}
                  <span className="muted">
                    · {formatNumber(application.population)} population · applied <time dateTime={application.createdAt}>{formatDateTime(application.createdAt)}</time>
                  </span>
                </p>
                {/* Text only: what a player wrote is never read as markup. */}
                {application.message ? (
                  <blockquote className="invitation__message">{application.message}</blockquote>
                ) : (
                  <p className="muted alliance-application__none">No message.</p>
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
                  Accept
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
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
