// /forbidden: where a role guard sends a player whose role is too low.
import { Link } from 'react-router';

export default function ForbiddenPage() {
  return (
    <div className="center-screen">
      <main className="card error-page">
        <p className="error-page__code" aria-hidden="true">
          403
        </p>
        <h1>Access Denied</h1>
        <p>You don&apos;t have permission to access this page.</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link className="button" to="/dashboard">
            Go to Dashboard
          </Link>
          <Link className="button button--secondary" to="/">
            Back to Home
          </Link>
        </div>
      </main>
    </div>
  );
}
