// /login: e-mail and password sign-in, with remember-me, a show/hide toggle and the Discord option.
import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router';
import { login, startDiscordLogin, type LoginRequest } from '../../api/auth';
import { useDiscordLoginOffered } from '../../state/authOptions';
import { signInAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { AuthCard } from './AuthCard';
import { afterLoginPath } from './redirect';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSetAtom(signInAtom);
  const discordOffered = useDiscordLoginOffered();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const signingIn = useAction({
    mutationFn: (body: LoginRequest) => login(body),
    onSuccess: (session) => {
      signIn(session);
      navigate(afterLoginPath(location.state), { replace: true });
    },
    failure: LOGIN_FAILED,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signingIn.run({ email: email.trim(), password, rememberMe });
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
        <ActionOutcome message={signingIn.outcome} compact={false} />
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
        <ActionButton type="submit" className="button button--block" pending={signingIn.pending || signingIn.mutation.isSuccess} busyLabel="Logging in...">
          Log in
        </ActionButton>
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
