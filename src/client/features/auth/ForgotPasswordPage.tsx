// /forgot-password: there is no e-mail reset; an admin of the game sets a temporary password for the player.
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
        <p>Passwords are not reset by e-mail. Ask an admin of the game for help instead.</p>
        <ol>
          <li>Contact an admin and tell them the e-mail address of your account.</li>
          <li>The admin sets a temporary password for you and tells it to you.</li>
          <li>Log in with the temporary password: you are asked at once to choose a new password of your own.</li>
        </ol>
        <p className="muted">An admin never needs your old password, so never tell it to anyone.</p>
      </div>
    </AuthCard>
  );
}
