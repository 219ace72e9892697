// /login: e-mail and password sign-in, with remember-me, a show/hide toggle and the Discord option.
import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { login, startDiscordLogin, type LoginRequest } from '../../api/auth';
import { useDiscordLoginOffered } from '../../state/authOptions';
import { signInAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { AuthCard } from './AuthCard';
import { afterLoginPath } from './redirect';

export default function LoginPage() {
  const { t } = useTranslation('auth');
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
    failure: t('login.failed'),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signingIn.run({ email: email.trim(), password, rememberMe });
  }

  return (
    <AuthCard
      title={t('login.title')}
      footer={<Trans t={t} i18nKey="login.footer" components={{ register: <Link to="/register" /> }} />}
    >
      <form className="form" onSubmit={onSubmit}>
        <ActionOutcome message={signingIn.outcome} compact={false} />
        <div className="field">
          <label htmlFor="login-email">{t('fields.email')}</label>
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
          <label htmlFor="login-password">{t('fields.password')}</label>
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
              {showPassword ? t('login.hidePassword') : t('login.showPassword')}
            </button>
          </div>
        </div>
        <div className="auth__row">
          <label className="checkbox">
            <input id="login-remember" type="checkbox" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
            {t('login.rememberMe')}
          </label>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </div>
        <ActionButton type="submit" className="button button--block" pending={signingIn.pending || signingIn.mutation.isSuccess} busyLabel={t('login.busy')}>
          {t('login.submit')}
        </ActionButton>
        {discordOffered && (
          <>
            <div className="divider">{t('or')}</div>
            <button type="button" className="button button--discord button--block" onClick={startDiscordLogin}>
              {t('login.discord')}
            </button>
          </>
        )}
      </form>
    </AuthCard>
  );
}
