// /game/alliance composed: the alliance page with the reports feature's card for the battles its activity feed tells of.
import AlliancePage from '../features/alliance/AlliancePage';
import { SharedReport } from '../features/reports/SharedReport';

export default function AllianceFrame() {
  // The report is a fellow member's, not the reader's own: it is never marked new here.
  return <AlliancePage reportView={(report) => <SharedReport report={{ ...report, read: true }} />} />;
}
