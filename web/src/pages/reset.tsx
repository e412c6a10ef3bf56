import { useState, type FormEvent } from 'react';
import { resetPassword } from '../api';
import { Alert } from '../alert';
import { differ, Field, NewPassword, NoToken, useSending } from './sign-in';

/**
 * A new password with an Admin's reset link (`/reset?reset_token=…`, as DataHub's): the user name and
 * the new password typed twice; the server uses the token up and answers a session, so the user lands
 * signed in.
 */
export default function Reset({ resetToken, onSignedIn }: { resetToken: string; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, busy, send } = useSending(onSignedIn);
  const submit = (e: FormEvent) =>
    send(e, () => resetPassword({ email: email.trim(), password, resetToken }), differ(password, confirm));
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
          <NewPassword
            label="New password"
            confirmLabel="Confirm the new password"
            password={password}
            setPassword={setPassword}
            confirm={confirm}
            setConfirm={setConfirm}
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
