// /auth/callback and /auth/discord: finishes a Discord sign-in from the `token` or `error` query params.
import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { fetchMe, startDiscordLogin } from '../../api/auth';
import { signInAtom, signOutAtom, tokenAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from './AuthCard';

export const CALLBACK_MESSAGES = {
  discordError: 'Discord authentication failed. Please try again.',
  missingToken: 'Authentication token not found.',
  meFailed: 'Authentication failed. Please try again.',
} as const;

/** The wait before an auth error returns to /login, long enough to read the message. */
export const AUTH_ERROR_REDIRECT_MS = 3000;

type Phase = { kind: 'working' } | { kind: 'success' } | { kind: 'error'; message: string };

export default function CallbackPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const setToken = useSetAtom(tokenAtom);
  const signIn = useSetAtom(signInAtom);
  const signOut = useSetAtom(signOutAtom);
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode's second effect run must not call /api/auth/me again.
    if (started.current) return;
    started.current = true;

    const token = params.get('token');
    const error = params.get('error');
    if (error !== null) {
      setPhase({ kind: 'error', message: CALLBACK_MESSAGES.discordError });
      return;
    }
    if (!token) {
      // /auth/discord opened directly (the register page's button): begin the Discord sign-in.
      if (location.pathname === '/auth/discord') {
        startDiscordLogin();
        return;
      }
      setPhase({ kind: 'error', message: CALLBACK_MESSAGES.missingToken });
      return;
    }
    // Store the token first so the API middleware sends it with the /me call.
    setToken(token);
    fetchMe()
      .then((user) => {
        signIn({ token, user });
        setPhase({ kind: 'success' });
      })
      .catch(() => {
        signOut();
        setPhase({ kind: 'error', message: CALLBACK_MESSAGES.meFailed });
      });
  }, [params, location.pathname, setToken, signIn, signOut]);

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
          Authentication successful! Redirecting...
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
