// /game/messages/:messageId composed: the message with the reports feature's card for a battle report it shares.
import MessagePage from '../features/messages/MessagePage';
import { SharedReport } from '../features/reports/SharedReport';

export default function MessageFrame() {
  return <MessagePage reportView={(report) => <SharedReport report={report} />} />;
}
