// Who wrote a message, to whom and when: the rows of a definition list, shown alike to players and game masters.
import { useTranslation } from 'react-i18next';
import { PlayerLink } from './PlayerLink';
import { formatDateTime } from './dates';

export interface MessageParties {
  from: { id: string; username: string } | null;
  to: { id: string; username: string } | null;
  sentAt: string;
}

/** The From, To and Sent rows, for a `<dl>` the caller styles (and may add rows to). */
export function MessagePartiesRows({ message }: { message: MessageParties }) {
  const { t } = useTranslation('common');
  return (
    <>
      <div>
        <dt>{t('message.from')}</dt>
        <dd>
          <PlayerLink player={message.from} fallback={t('message.formerPlayer')} />
        </dd>
      </div>
      <div>
        <dt>{t('message.to')}</dt>
        <dd>
          <PlayerLink player={message.to} fallback={t('message.formerPlayer')} />
        </dd>
      </div>
      <div>
        <dt>{t('message.sent')}</dt>
        <dd>
          <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
        </dd>
      </div>
    </>
  );
}
