// /dashboard: a landing spot after sign-in that sends the player on to /game (at once with Enter Game), unless they stay to link Discord.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../state/session';
import { SiteHeader } from '../../ui/SiteHeader';
import { LinkDiscord } from './LinkDiscord';

/** Long enough to read the page and use its button, short enough not to feel like a stop. */
export const DASHBOARD_REDIRECT_MS = 2000;

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  // A player who points at or tabs into the page wants to stay (to link Discord): the redirect waits for Enter Game.
  // Back from linking Discord: say so and stay.
  const justLinked = (useLocation().state as { discordLinked?: boolean } | null)?.discordLinked === true;
  const [staying, setStaying] = useState(justLinked);

  useEffect(() => {
    if (staying) return undefined;
    const timer = window.setTimeout(() => navigate('/game', { replace: true }), DASHBOARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, staying]);

  return (
    <>
      <SiteHeader />
      <main className="page" onPointerDown={() => setStaying(true)} onFocus={() => setStaying(true)}>
        <section className="card stack" aria-labelledby="dashboard-title">
          <h1 id="dashboard-title">{t('title')}</h1>
          <p>
            {user ? t('welcome', { name: user.username }) : t('welcomeAnonymous')} {staying ? t('whenReady') : t('takingYou')}
          </p>
          <div>
            <button type="button" className="button" onClick={() => navigate('/game')}>
              {t('enter')}
            </button>
          </div>
          {justLinked ? (
            <p className="alert alert--info" role="status">
              {t('linked')}
            </p>
          ) : (
            <LinkDiscord />
          )}
        </section>
      </main>
    </>
  );
}
