import { useEffect, useState } from 'react';
import { gql } from '../../api';
import { Alert } from '../../alert';
import { TableHead } from '../../table-head';
import { FindForm } from './find-form';
import { messageOf } from './format';
import { useLatest } from '../../latest';

interface User {
  urn: string;
  username: string;
  properties?: { displayName?: string | null; email?: string | null } | null;
  status?: string | null;
  roles?: { relationships: { entity?: { urn: string } | null }[] } | null;
}

const ROLES = ['Reader', 'Editor', 'Admin'] as const;
type Role = (typeof ROLES)[number];
const ROLE_PREFIX = 'urn:li:dataHubRole:';

// A user's role as DataHub's UI asks it: the user's IsMemberOfRole relationship to a DataHubRole.
const USERS = `query ($q: String) { listUsers(input: {start: 0, count: 100, query: $q}) { total users {
  urn username properties { displayName email } status
  roles: relationships(input: {types: ["IsMemberOfRole"], direction: OUTGOING, start: 0}) {
    relationships { entity { urn } }
  }
} } }`;

const roleOf = (u: User): string =>
  (u.roles?.relationships ?? [])
    .map((r) => r.entity?.urn ?? '')
    .filter((urn) => urn.startsWith(ROLE_PREFIX))
    .map((urn) => urn.slice(ROLE_PREFIX.length))
    .join(', ');

/** People: each user with the role it has, a role given (`batchAssignRole`), and invite tokens per role. */
export function People() {
  const [users, setUsers] = useState<{ total: number; users: User[] }>();
  const [query, setQuery] = useState('');
  const [invite, setInvite] = useState<{ token: string; role: Role }>();
  const [inviteRole, setInviteRole] = useState<Role>('Reader');
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const latest = useLatest();
  const load = (q = query) =>
    latest(gql<{ listUsers: { total: number; users: User[] } }>(USERS, { q: q.trim() || '*' })).then(
      (d) => setUsers(d.listUsers),
      (e: unknown) => setError(messageOf(e)),
    );
  useEffect(() => void load(), []);
  // `createInviteToken` replaces the role's token; `getInviteToken` shows the one in use (made if none).
  const showInvite = (fresh: boolean) =>
    gql<{ invite: { inviteToken: string } }>(
      fresh
        ? 'mutation ($r: String) { invite: createInviteToken(input: {roleUrn: $r}) { inviteToken } }'
        : 'query ($r: String) { invite: getInviteToken(input: {roleUrn: $r}) { inviteToken } }',
      { r: `${ROLE_PREFIX}${inviteRole}` },
    ).then(
      (d) => setInvite({ token: d.invite.inviteToken, role: inviteRole }),
      (e: unknown) => setError(messageOf(e)),
    );
  const assign = (urn: string, role: Role) =>
    gql('mutation ($input: BatchAssignRoleInput!) { batchAssignRole(input: $input) }', {
      input: { roleUrn: `${ROLE_PREFIX}${role}`, actors: [urn] },
    }).then(
      async () => {
        setError(undefined);
        setMessage(`${urn} is now ${role}`);
        await load();
      },
      (e: unknown) => setError(messageOf(e)),
    );
  return (
    <section aria-labelledby="people" id="people-section">
      <h2 id="people">Users and roles</h2>
      <div className="inline-form">
        <label>
          Invite as
          <select value={inviteRole} onChange={(e) => setInviteRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => showInvite(true)}>
          Make an invite token
        </button>
        <button type="button" className="quiet" onClick={() => showInvite(false)}>
          Show the current invite token
        </button>
      </div>
      {invite && (
        <p className="made" role="status">
          Invite token ({invite.role}): <code>{invite.token}</code> — sign-up at <code>POST /signUp</code>{' '}
          with it.
        </p>
      )}
      {message && <p role="status">{message}</p>}
      <Alert error={error} />
      <FindForm
        label="Find people"
        name="people-query"
        query={query}
        setQuery={setQuery}
        onFind={() => void load()}
        shown={users?.users.length}
        total={users?.total}
      />
      <table className="people">
        <TableHead columns={['User', 'Email', 'Status', 'Role', 'Give the role']} />
        <tbody>
          {(users?.users ?? []).map((u) => (
            <tr key={u.urn}>
              <td>
                {u.properties?.displayName ?? u.username}
                {u.properties?.displayName && <div className="muted">{u.username}</div>}
              </td>
              <td>{u.properties?.email ?? ''}</td>
              <td>{u.status ?? ''}</td>
              <td className="role">{roleOf(u)}</td>
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
