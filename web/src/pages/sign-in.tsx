import { useState, type FormEvent } from 'react';
import { logIn } from '../api';
import { Alert } from '../alert';
import { Link } from '../link';

/** Sign in with a user name and password, or with an access token pasted in (it becomes a session). */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<'password' | 'token'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const { error, busy, send } = useSending(onSignedIn);
  const submit = (e: FormEvent) =>
    send(e, () => logIn(mode === 'password' ? { username, password } : { token: token.trim() }));
  return (
    <main className="sign-in">
      <h1>neohub</h1>
      <form onSubmit={submit} aria-label="Sign in">
        {mode === 'password' ? (
          <>
            <Field label="User name" name="username" auto="username" value={username} set={setUsername} />
            <Field
              label="Password"
              name="password"
              auto="current-password"
              value={password}
              set={setPassword}
              secret
            />
          </>
        ) : (
          <Field label="Access token" name="token" auto="off" value={token} set={setToken} secret />
        )}
        <Alert error={error} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        <button
          type="button"
          className="quiet"
          onClick={() => setMode(mode === 'password' ? 'token' : 'password')}
        >
          {mode === 'password' ? 'Use an access token instead' : 'Use a user name and password instead'}
        </button>
      </form>
      <p className="hint">
        Forgot the password? An Admin can make you a reset link. New here? Ask an Admin for an invite link.
      </p>
    </main>
  );
}

/** A labelled text field, required unless `optional`; `hint` says more under it. */
export function Field(p: {
  label: string;
  name: string;
  auto: string;
  value: string;
  set: (v: string) => void;
  secret?: boolean;
  type?: 'email' | 'text';
  optional?: boolean;
  hint?: string;
}) {
  const hintId = p.hint ? `${p.name}-hint` : undefined;
  return (
    <label>
      {p.label}
      <input
        name={p.name}
        type={p.secret ? 'password' : (p.type ?? 'text')}
        autoComplete={p.auto}
        value={p.value}
        onChange={(e) => p.set(e.target.value)}
        required={!p.optional}
        aria-describedby={hintId}
      />
      {p.hint && (
        <span id={hintId} className="hint">
          {p.hint}
        </span>
      )}
    </label>
  );
}

/** What a sign-up or reset page says when its address has no token. */
export function NoToken({ what, thing }: { what: string; thing: string }) {
  return (
    <>
      <p role="alert" className="error">
        This {what} address has no token: ask an Admin for {thing}.
      </p>
      <p>
        <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}

/**
 * A form's sending: busy while its request runs, the server's refusal as its error, `done` once it
 * answered. `refusal` (the page's own check, made first) is shown instead of sending.
 */
export function useSending(done: () => void) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent, request: () => Promise<unknown>, refusal?: string) => {
    e.preventDefault();
    if (refusal) return setError(refusal);
    setBusy(true);
    setError(undefined);
    try {
      await request();
      done();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, send };
}

/** A new password typed twice (sign-up, reset); `differ` checks that the two are the same. */
export function NewPassword(p: {
  label: string;
  confirmLabel: string;
  password: string;
  setPassword: (v: string) => void;
  confirm: string;
  setConfirm: (v: string) => void;
}) {
  return (
    <>
      <Field
        label={p.label}
        name="password"
        auto="new-password"
        hint="At least 8 characters."
        value={p.password}
        set={p.setPassword}
        secret
      />
      <Field
        label={p.confirmLabel}
        name="confirmPassword"
        auto="new-password"
        value={p.confirm}
        set={p.setConfirm}
        secret
      />
    </>
  );
}

/** The words refusing a new password whose two copies differ (undefined when they are the same). */
export const differ = (password: string, confirm: string): string | undefined =>
  password !== confirm ? 'The two passwords differ.' : undefined;
