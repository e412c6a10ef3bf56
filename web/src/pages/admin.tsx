import { useEffect, useState, type FormEvent } from 'react';
import { gql } from '../api';
import { Alert } from '../alert';
import { TableHead } from '../table-head';

interface Token {
  id: string;
  name: string;
  actorUrn: string;
  createdAt: number;
  expiresAt?: number | null;
}
interface User {
  urn: string;
  username: string;
  properties?: { displayName?: string | null; email?: string | null } | null;
  status?: string | null;
}

const ROLES = ['Reader', 'Editor', 'Admin'] as const;
const DURATIONS = ['ONE_DAY', 'ONE_WEEK', 'ONE_MONTH', 'THREE_MONTHS', 'ONE_YEAR', 'NO_EXPIRY'] as const;
const date = (ms?: number | null) => (ms ? new Date(ms).toISOString().slice(0, 10) : 'never');

/** An Admin's page: access tokens (made, listed, revoked) and people (invited, given a role). */
export function Admin({ me }: { me: string }) {
  return (
    <div className="admin">
      <h1>Administration</h1>
      <Tokens me={me} />
      <People />
    </div>
  );
}

function Tokens({ me }: { me: string }) {
  const [tokens, setTokens] = useState<Token[]>();
  const [made, setMade] = useState<string>();
  const [name, setName] = useState('');
  const [duration, setDuration] = useState<(typeof DURATIONS)[number]>('ONE_MONTH');
  const [error, setError] = useState<string>();
  // The caller's own tokens, as DataHub's settings page lists them.
  const load = () =>
    gql<{ listAccessTokens: { tokens: Token[] } }>(
      `query ($me: String!) {
        listAccessTokens(input: {start: 0, count: 100, filters: [{field: "ownerUrn", values: [$me]}]}) {
          tokens { id name actorUrn createdAt expiresAt }
        }
      }`,
      { me },
    ).then(
      (d) => setTokens(d.listAccessTokens.tokens),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const d = await gql<{ createAccessToken: { accessToken: string } }>(
        'mutation ($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { accessToken } }',
        { input: { type: 'PERSONAL', actorUrn: me, duration, name } },
      );
      setMade(d.createAccessToken.accessToken);
      setName('');
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const revoke = (id: string) =>
    gql('mutation ($id: String!) { revokeAccessToken(tokenId: $id) }', { id }).then(load, (e: Error) =>
      setError(e.message),
    );
  return (
    <section aria-labelledby="tokens">
      <h2 id="tokens">Your access tokens</h2>
      <form onSubmit={create} className="inline-form">
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Expires
          <select value={duration} onChange={(e) => setDuration(e.target.value as typeof duration)}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d.toLowerCase().replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Create token</button>
      </form>
      {made && (
        <p className="made" role="status">
          Copy the token now, it is shown only once: <code>{made}</code>
        </p>
      )}
      <Alert error={error} />
      <table>
        <TableHead columns={['Name', 'User', 'Created', 'Expires', 'Revoke']} />
        <tbody>
          {(tokens ?? []).map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>{t.actorUrn}</td>
              <td>{date(t.createdAt)}</td>
              <td>{date(t.expiresAt)}</td>
              <td>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Revoke ${t.name}`}
                  onClick={() => revoke(t.id)}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function People() {
  const [users, setUsers] = useState<User[]>();
  const [invite, setInvite] = useState<string>();
  const [inviteRole, setInviteRole] = useState<(typeof ROLES)[number]>('Reader');
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    gql<{ listUsers: { users: User[] } }>(
      '{ listUsers(input: {start: 0, count: 100, query: "*"}) { users { urn username properties { displayName email } status } } }',
    ).then(
      (d) => setUsers(d.listUsers.users),
      (e: Error) => setError(e.message),
    );
  }, []);
  const makeInvite = () =>
    gql<{ createInviteToken: { inviteToken: string } }>(
      'mutation ($r: String) { createInviteToken(input: {roleUrn: $r}) { inviteToken } }',
      { r: `urn:li:dataHubRole:${inviteRole}` },
    ).then(
      (d) => setInvite(d.createInviteToken.inviteToken),
      (e: Error) => setError(e.message),
    );
  const assign = (urn: string, role: string) =>
    gql('mutation ($input: BatchAssignRoleInput!) { batchAssignRole(input: $input) }', {
      input: { roleUrn: `urn:li:dataHubRole:${role}`, actors: [urn] },
    }).then(
      () => setMessage(`${urn} is now ${role}`),
      (e: Error) => setError(e.message),
    );
  return (
    <section aria-labelledby="people">
      <h2 id="people">People</h2>
      <div className="inline-form">
        <label>
          Invite as
          <select value={inviteRole} onChange={(e) => setInviteRole(e.target.value as typeof inviteRole)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={makeInvite}>
          Make an invite token
        </button>
      </div>
      {invite && (
        <p className="made" role="status">
          Invite token ({inviteRole}): <code>{invite}</code> — sign-up at <code>POST /signUp</code> with it.
        </p>
      )}
      {message && <p role="status">{message}</p>}
      <Alert error={error} />
      <table>
        <TableHead columns={['User', 'Email', 'Status', 'Give the role']} />
        <tbody>
          {(users ?? []).map((u) => (
            <tr key={u.urn}>
              <td>{u.properties?.displayName ?? u.username}</td>
              <td>{u.properties?.email ?? ''}</td>
              <td>{u.status ?? ''}</td>
              <td>
                {ROLES.map((r) => (
                  <button
                    key={r}
                    type="button"
                    className="quiet"
                    aria-label={`Make ${u.username} ${r}`}
                    onClick={() => assign(u.urn, r)}
                  >
                    {r}
                  </button>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
