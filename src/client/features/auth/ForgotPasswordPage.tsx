// /forgot-password: there is no e-mail reset; an admin sets a new password from the server's command line.
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      footer={
        <>
          Remembered it? <Link to="/login">Back to login</Link>
        </>
      }
    >
      <div className="stack">
        <p>
          Passwords are not reset by e-mail. An administrator of the game resets your password for you, so please
          contact an admin and tell them the e-mail address of your account.
        </p>
        <p className="muted">The admin runs this command on the server:</p>
        <p>
          <code className="code">npm run cli -- set-password &lt;email&gt; &lt;new password&gt;</code>
        </p>
        <p className="muted">Then log in with the new password and keep it safe.</p>
      </div>
    </AuthCard>
  );
}
