import { useState, type FormEvent } from 'react';
import { signUp } from '../api';
import { Alert } from '../alert';
import { Field, NoToken } from './sign-in';

/**
 * Sign-up with an Admin's invite link (`/signup?invite_token=…`, as DataHub's): full name, email (the
 * user name), an optional title and a password typed twice; the server makes the user with the invite's
 * role and answers the session, so the new user lands signed in.
 */
export default function SignUp({ inviteToken, onSignedIn }: { inviteToken: string; onSignedIn: () => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [title, setTitle] = useState('');
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
      await signUp({
        fullName: fullName.trim(),
        email: email.trim(),
        password,
        ...(title.trim() ? { title: title.trim() } : {}),
        inviteToken,
      });
      onSignedIn();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>Sign up to neohub</h1>
      {!inviteToken ? (
        <NoToken what="sign-up" thing="an invite link" />
      ) : (
        <form onSubmit={submit} aria-label="Sign up">
          <Field label="Full name" name="fullName" auto="name" value={fullName} set={setFullName} />
          <Field
            label="Email"
            name="email"
            type="email"
            auto="email"
            hint="It is your user name too."
            value={email}
            set={setEmail}
          />
          <Field
            label="Title (optional)"
            name="title"
            auto="organization-title"
            value={title}
            set={setTitle}
            optional
          />
          <Field
            label="Password"
            name="password"
            auto="new-password"
            hint="At least 8 characters."
            value={password}
            set={setPassword}
            secret
          />
          <Field
            label="Confirm the password"
            name="confirmPassword"
            auto="new-password"
            value={confirm}
            set={setConfirm}
            secret
          />
          <Alert error={error} />
          <button type="submit" disabled={busy}>
            Sign up
          </button>
        </form>
      )}
    </main>
  );
}
