// /login: e-mail and password sign-in, with remember-me, a show/hide toggle and the Discord option.
import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router';
import { login, startDiscordLogin } from '../../api/auth';
import { apiError } from '../../api/client';
import { discordLoginOfferedAtom } from '../../state/authOptions';
import { signInAtom } from '../../state/session';
import { AuthCard } from './AuthCard';
import { afterLoginPath } from './redirect';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSetAtom(signInAtom);
  const discordOffered = useAtomValue(discordLoginOfferedAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const session = await login({ email: email.trim(), password, rememberMe });
      signIn(session);
      navigate(afterLoginPath(location.state), { replace: true });
    } catch (failure) {
      setError(apiError(failure, LOGIN_FAILED));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Log in"
      footer={
        <>
          New to the North? <Link to="/register">Create an account</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit}>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <div className="input-with-button">
            <input
              id="login-password"
              className="input"
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button
              type="button"
              className="button button--ghost button--small"
              aria-controls="login-password"
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Hide password' : 'Show password'}
            </button>
          </div>
        </div>
        <div className="auth__row">
          <label className="checkbox">
            <input type="checkbox" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
            Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Log in'}
        </button>
        {discordOffered && (
          <>
            <div className="divider">or</div>
            <button type="button" className="button button--discord button--block" onClick={startDiscordLogin}>
              Login with Discord
            </button>
          </>
        )}
      </form>
    </AuthCard>
  );
}
