import { useState, type FormEvent } from 'react';
import { signUp } from '../api';
import { Alert } from '../alert';
import { differ, Field, NewPassword, NoToken, useSending } from './sign-in';

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
  const { error, busy, send } = useSending(onSignedIn);
  const submit = (e: FormEvent) =>
    send(
      e,
      () =>
        signUp({
          fullName: fullName.trim(),
          email: email.trim(),
          password,
          ...(title.trim() ? { title: title.trim() } : {}),
          inviteToken,
        }),
      differ(password, confirm),
    );
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
          <NewPassword
            label="Password"
            confirmLabel="Confirm the password"
            password={password}
            setPassword={setPassword}
            confirm={confirm}
            setConfirm={setConfirm}
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
