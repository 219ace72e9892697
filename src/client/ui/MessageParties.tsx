// Who wrote a message, to whom and when: the rows of a definition list, shown alike to players and game masters.
import { PlayerLink } from './PlayerLink';
import { formatDateTime } from './dates';

export interface MessageParties {
  from: { id: string; username: string } | null;
  to: { id: string; username: string } | null;
  sentAt: string;
}

/** The From, To and Sent rows, for a `<dl>` the caller styles (and may add rows to). */
export function MessagePartiesRows({ message }: { message: MessageParties }) {
  return (
    <>
      <div>
        <dt>From</dt>
        <dd>
          <PlayerLink player={message.from} fallback="Former player" />
        </dd>
      </div>
      <div>
        <dt>To</dt>
        <dd>
          <PlayerLink player={message.to} fallback="Former player" />
        </dd>
      </div>
      <div>
        <dt>Sent</dt>
        <dd>
          <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
        </dd>
      </div>
    </>
  );
}
