// /auth/callback and /auth/discord: finishes a Discord sign-in by trading its one-time `code` for a session, or shows why it failed.
import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { redeemDiscordCode, startDiscordLogin } from '../../api/auth';
import { signInAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from './AuthCard';

/** Why a Discord sign-in failed; each is auth:callback.<reason> in the player's language. */
type Failure = 'discordError' | 'missingToken' | 'meFailed' | 'linkRequired' | 'suspended';

/** The wait before an auth error returns to /login, long enough to read the message. */
export const AUTH_ERROR_REDIRECT_MS = 3000;

type Phase = { kind: 'working' } | { kind: 'success' } | { kind: 'error'; failure: Failure };

/** What an `error` the server sent back means, in words a player understands. */
function failureOf(reason: string): Failure {
  if (reason === 'link_required') return 'linkRequired';
  if (reason === 'suspended') return 'suspended';
  return 'discordError';
}

export default function CallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: a code can be redeemed only once, and StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;

    const code = params.get('code');
    const error = params.get('error');
    if (error !== null) {
      setPhase({ kind: 'error', failure: failureOf(error) });
      return;
    }
    if (params.get('linked') !== null) {
      // Back to the dashboard, which says so and stays (the player was there when they asked to link).
      navigate('/dashboard', { replace: true, state: { discordLinked: true } });
      return;
    }
    if (!code) {
      // /auth/discord opened directly (the register page's button): begin the Discord sign-in.
      if (location.pathname === '/auth/discord') {
        startDiscordLogin();
        return;
      }
      setPhase({ kind: 'error', failure: 'missingToken' });
      return;
    }
    // No session token ever comes in the address: the code is worth a session only with this browser's cookie.
    redeemDiscordCode(code)
      .then((session) => {
        signIn(session);
        setPhase({ kind: 'success' });
      })
      .catch(() => setPhase({ kind: 'error', failure: 'meFailed' }));
  }, [params, location.pathname, signIn, navigate]);

  useEffect(() => {
    if (phase.kind === 'success') {
      navigate('/dashboard', { replace: true });
      return undefined;
    }
    if (phase.kind !== 'error') return undefined;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), AUTH_ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  if (phase.kind === 'working') {
    return (
      <AuthCard title={t('callback.title')}>
        <div className="callback">
          <Spinner label={t('callback.working')} />
        </div>
      </AuthCard>
    );
  }
  if (phase.kind === 'success') {
    return (
      <AuthCard title={t('callback.title')}>
        <div className="alert alert--success" role="status">
          {t('callback.success')}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('callback.failedTitle')}>
      <div className="stack">
        <div className="alert" role="alert">
          {t(`callback.${phase.failure}`)}
        </div>
        <p className="muted">
          <Trans t={t} i18nKey="callback.returning" components={{ login: <Link to="/login" /> }} />
        </p>
      </div>
    </AuthCard>
  );
}
