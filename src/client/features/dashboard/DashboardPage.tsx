// /dashboard: a landing spot after sign-in that sends the player on to /game (at once with Enter Game).
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { userAtom } from '../../state/session';
import { SiteHeader } from '../../ui/SiteHeader';

/** Long enough to read the page and use its button, short enough not to feel like a stop. */
export const DASHBOARD_REDIRECT_MS = 2000;

export default function DashboardPage() {
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);

  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/game', { replace: true }), DASHBOARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <>
      <SiteHeader />
      <main className="page">
        <section className="card stack" aria-labelledby="dashboard-title">
          <h1 id="dashboard-title">Dashboard</h1>
          <p>Welcome{user ? `, ${user.username}` : ''}! Taking you to your village...</p>
          <div>
            <button type="button" className="button" onClick={() => navigate('/game')}>
              Enter Game
            </button>
          </div>
        </section>
      </main>
    </>
  );
}
