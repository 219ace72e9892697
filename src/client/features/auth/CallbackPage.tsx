// /auth/callback and /auth/discord: finishes a Discord sign-in by trading its one-time `code` for a session, or shows why it failed.
import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { redeemDiscordCode, startDiscordLogin } from '../../api/auth';
import { signInAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from './AuthCard';

export const CALLBACK_MESSAGES = {
  discordError: 'Discord authentication failed. Please try again.',
  missingToken: 'Authentication token not found.',
  meFailed: 'Authentication failed. Please try again.',
  linkRequired: 'An account with this e-mail already exists. Log in with your password, then link Discord from your dashboard.',
  suspended: 'This account is suspended.',
} as const;

/** The wait before an auth error returns to /login, long enough to read the message. */
export const AUTH_ERROR_REDIRECT_MS = 3000;

type Phase = { kind: 'working' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** The message for an `error` the server sent back, in words a player understands. */
function errorMessage(reason: string): string {
  if (reason === 'link_required') return CALLBACK_MESSAGES.linkRequired;
  if (reason === 'suspended') return CALLBACK_MESSAGES.suspended;
  return CALLBACK_MESSAGES.discordError;
}

export default function CallbackPage() {
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
      setPhase({ kind: 'error', message: errorMessage(error) });
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
      setPhase({ kind: 'error', message: CALLBACK_MESSAGES.missingToken });
      return;
    }
    // No session token ever comes in the address: the code is worth a session only with this browser's cookie.
    redeemDiscordCode(code)
      .then((session) => {
        signIn(session);
        setPhase({ kind: 'success', message: 'Authentication successful! Redirecting...' });
      })
      .catch(() => setPhase({ kind: 'error', message: CALLBACK_MESSAGES.meFailed }));
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
      <AuthCard title="Discord Sign-In">
        <div className="callback">
          <Spinner label="Completing Discord sign-in..." />
        </div>
      </AuthCard>
    );
  }
  if (phase.kind === 'success') {
    return (
      <AuthCard title="Discord Sign-In">
        <div className="alert alert--success" role="status">
          {phase.message}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Discord authentication failed">
      <div className="stack">
        <div className="alert" role="alert">
          {phase.message}
        </div>
        <p className="muted">
          Returning to the login page in 3 seconds. <Link to="/login">Back to login</Link>
        </p>
      </div>
    </AuthCard>
  );
}
