import { useState, type FormEvent } from 'react';
import { logIn } from '../api';
import { Alert } from '../alert';

/** Sign in with a user name and password, or with an access token pasted in (it becomes a session). */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<'password' | 'token'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await logIn(mode === 'password' ? { username, password } : { token: token.trim() });
      onSignedIn();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
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
    </main>
  );
}

/** A labelled, required text field. */
function Field(p: {
  label: string;
  name: string;
  auto: string;
  value: string;
  set: (v: string) => void;
  secret?: boolean;
}) {
  return (
    <label>
      {p.label}
      <input
        name={p.name}
        type={p.secret ? 'password' : 'text'}
        autoComplete={p.auto}
        value={p.value}
        onChange={(e) => p.set(e.target.value)}
        required
      />
    </label>
  );
}
