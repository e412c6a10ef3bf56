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
      <Runs />
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

interface Run {
  urn: string;
  id: string;
  input: { task: string; requestedAt: number; source: { type?: string | null } };
  result?: { status: string; durationMs?: number | null } | null;
}
interface Figures {
  entitiesAffected: number;
  entitiesDeleted?: number;
  aspectsReverted: number;
  aspectsAffected: number;
  unsafeEntitiesCount: number;
}

const RUNS = `{ listExecutionRequests(input: {start: 0, count: 50}) {
  total executionRequests { urn id input { task requestedAt source { type } } result { status durationMs } }
} }`;
const ROLLBACK = `mutation ($runId: String!, $dryRun: Boolean) {
  rollbackIngestion(input: {runId: $runId, dryRun: $dryRun})
}`;

/** Ingestion runs, newest first: each rolled back after a dry run says what the rollback would do. */
function Runs() {
  const [runs, setRuns] = useState<Run[]>();
  const [plan, setPlan] = useState<{ runId: string; figures: Figures }>();
  const [error, setError] = useState<string>();
  const load = () =>
    gql<{ listExecutionRequests: { executionRequests: Run[] } }>(RUNS).then(
      (d) => setRuns(d.listExecutionRequests.executionRequests),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);
  const rollback = async (runId: string, dryRun: boolean) => {
    try {
      const d = await gql<{ rollbackIngestion: string }>(ROLLBACK, { runId, dryRun });
      const figures = JSON.parse(d.rollbackIngestion) as Figures;
      setPlan(dryRun ? { runId, figures } : undefined);
      if (!dryRun) await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section aria-labelledby="runs">
      <h2 id="runs">Ingestion runs</h2>
      {plan && (
        <div className="plan" role="status">
          <p>
            Rolling back <code>{plan.runId}</code> would affect {plan.figures.entitiesAffected} entities (
            {plan.figures.aspectsReverted} aspects reverted, {plan.figures.unsafeEntitiesCount} written by
            other runs too, which are kept).
          </p>
          <button type="button" onClick={() => rollback(plan.runId, false)}>
            Roll back {plan.runId}
          </button>
          <button type="button" className="quiet" onClick={() => setPlan(undefined)}>
            Cancel
          </button>
        </div>
      )}
      <Alert error={error} />
      <table>
        <TableHead columns={['Run', 'Source', 'Started', 'Status', 'Took', 'Roll back']} />
        <tbody>
          {(runs ?? []).map((r) => (
            <tr key={r.urn}>
              <td>
                <code>{r.id}</code>
              </td>
              <td>{r.input.source.type ?? ''}</td>
              <td>
                {r.input.requestedAt
                  ? new Date(r.input.requestedAt).toISOString().replace('T', ' ').slice(0, 19)
                  : ''}
              </td>
              <td>{r.result?.status ?? ''}</td>
              <td>{r.result?.durationMs ? `${(r.result.durationMs / 1000).toFixed(1)} s` : ''}</td>
              <td>
                {r.result?.status !== 'ROLLED_BACK' && (
                  <button
                    type="button"
                    className="quiet"
                    aria-label={`Plan rollback of ${r.id}`}
                    onClick={() => rollback(r.id, true)}
                  >
                    Plan rollback
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
