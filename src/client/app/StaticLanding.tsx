// "/" inside the app: the landing page is static HTML the server sends for "/" (features/landing, prerendered at build
// time), so a visitor who follows a link to "/" from a page of the app has the browser load that page.
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../ui/Spinner';

/** The address this document was loaded at (read when the app starts, before any navigation of the router). */
const documentPath = typeof window === 'undefined' ? null : window.location.pathname;

export function StaticLanding() {
  // The app itself stands at "/" only when the server had no landing page to send (a build without it): reloading would
  // bring the app again, so the visitor is sent to sign in instead.
  const appServedAtRoot = documentPath === '/';
  useEffect(() => {
    if (!appServedAtRoot) window.location.reload();
  }, [appServedAtRoot]);
  if (appServedAtRoot) return <Navigate to="/login" replace />;
  return <Spinner fullPage />;
}
