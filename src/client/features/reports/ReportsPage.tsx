// /game/reports: SPEC section 2 says reports only show a 'coming soon' message.
import { ComingSoon } from '../../ui/ComingSoon';

export default function ReportsPage() {
  return <ComingSoon title="Reports" message="Battle reports are coming soon." />;
}
