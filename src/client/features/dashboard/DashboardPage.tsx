// /dashboard: a landing spot after sign-in that sends the player straight on to /game.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { userAtom } from '../../state/session';
import { SiteHeader } from '../../ui/SiteHeader';

export default function DashboardPage() {
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);

  useEffect(() => {
    navigate('/game', { replace: true });
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
