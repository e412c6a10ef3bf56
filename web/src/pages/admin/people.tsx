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

/** The address of a sign-up or reset page with its token, as DataHub's invite and reset links are. */
const linkTo = (page: 'signup' | 'reset', param: string, token: string): string =>
  `${location.origin}/${page}?${param}=${encodeURIComponent(token)}`;

/**
 * People: each user with the role it has, a role given (`batchAssignRole`), invite links per role (the
 * sign-up page's address with the role's invite token), and a user's password reset link
 * (`createNativeUserResetToken`, the reset page's address with the token).
 */
export function People() {
  const [users, setUsers] = useState<{ total: number; users: User[] }>();
  const [query, setQuery] = useState('');
  const [invite, setInvite] = useState<{ token: string; role: Role }>();
  const [inviteRole, setInviteRole] = useState<Role>('Reader');
  const [reset, setReset] = useState<{ user: string; link: string }>();
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
  const resetLink = (u: User) =>
    gql<{ createNativeUserResetToken: { resetToken: string } | null }>(
      'mutation ($u: String!) { createNativeUserResetToken(input: {userUrn: $u}) { resetToken } }',
      { u: u.urn },
    ).then(
      (d) => {
        setError(undefined);
        const token = d.createNativeUserResetToken?.resetToken;
        if (token) setReset({ user: u.username, link: linkTo('reset', 'reset_token', token) });
      },
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
          Make an invite link
        </button>
        <button type="button" className="quiet" onClick={() => showInvite(false)}>
          Show the current invite link
        </button>
      </div>
      {invite && (
        <p className="made invite" role="status">
          Invite link ({invite.role}): <code>{linkTo('signup', 'invite_token', invite.token)}</code> — whoever
          opens it may sign up with the {invite.role} role, until a new link for the role is made.
        </p>
      )}
      {reset && (
        <p className="made reset-link" role="status">
          Password reset link for {reset.user}: <code>{reset.link}</code> — it works once, for a limited time.
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
        <TableHead columns={['User', 'Email', 'Status', 'Role', 'Give the role', 'Password']} />
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
              <td>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Make a password reset link for ${u.username}`}
                  onClick={() => resetLink(u)}
                >
                  Reset link
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
