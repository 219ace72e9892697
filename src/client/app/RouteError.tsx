// Shown when a page throws or its chunk fails to load (often after a new deploy): offer a reload.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="center-screen">
      <main className="card error-page" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">{message}</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link className="button button--secondary" to="/">
            Back to Home
          </Link>
        </div>
      </main>
    </div>
  );
}
