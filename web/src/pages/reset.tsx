import { useState, type FormEvent } from 'react';
import { resetPassword } from '../api';
import { Alert } from '../alert';
import { Field, NoToken } from './sign-in';

/**
 * A new password with an Admin's reset link (`/reset?reset_token=…`, as DataHub's): the user name and
 * the new password typed twice; the server uses the token up and answers a session, so the user lands
 * signed in.
 */
export default function Reset({ resetToken, onSignedIn }: { resetToken: string; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) return setError('The two passwords differ.');
    setBusy(true);
    setError(undefined);
    try {
      await resetPassword({ email: email.trim(), password, resetToken });
      onSignedIn();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>Set a new password</h1>
      {!resetToken ? (
        <NoToken what="password reset" thing="a reset link" />
      ) : (
        <form onSubmit={submit} aria-label="Reset the password">
          <Field
            label="User name"
            name="email"
            auto="username"
            hint="The one you sign in with (an email when you signed up with an invite)."
            value={email}
            set={setEmail}
          />
          <Field
            label="New password"
            name="password"
            auto="new-password"
            hint="At least 8 characters."
            value={password}
            set={setPassword}
            secret
          />
          <Field
            label="Confirm the new password"
            name="confirmPassword"
            auto="new-password"
            value={confirm}
            set={setConfirm}
            secret
          />
          <Alert error={error} />
          <button type="submit" disabled={busy}>
            Set the password
          </button>
        </form>
      )}
    </main>
  );
}
