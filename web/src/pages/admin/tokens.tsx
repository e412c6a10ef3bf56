import { useEffect, useState, type FormEvent } from 'react';
import { gql } from '../../api';
import { Alert } from '../../alert';
import { TableHead } from '../../table-head';
import { day, messageOf } from './format';

interface Token {
  id: string;
  name: string;
  actorUrn: string;
  createdAt: number;
  expiresAt?: number | null;
}

const DURATIONS = ['ONE_DAY', 'ONE_WEEK', 'ONE_MONTH', 'THREE_MONTHS', 'ONE_YEAR', 'NO_EXPIRY'] as const;

/** One's own access tokens, as DataHub's settings page has them: made (shown once), listed, revoked. */
export function Tokens({ me }: { me: string }) {
  const [tokens, setTokens] = useState<Token[]>();
  const [made, setMade] = useState<string>();
  const [name, setName] = useState('');
  const [duration, setDuration] = useState<(typeof DURATIONS)[number]>('ONE_MONTH');
  const [error, setError] = useState<string>();
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
      (e: unknown) => setError(messageOf(e)),
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
      setError(messageOf(err));
    }
  };
  const revoke = (id: string) =>
    gql('mutation ($id: String!) { revokeAccessToken(tokenId: $id) }', { id }).then(load, (e: unknown) =>
      setError(messageOf(e)),
    );
  return (
    <section aria-labelledby="tokens" id="tokens-section">
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
              <td>{day(t.createdAt)}</td>
              <td>{day(t.expiresAt)}</td>
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
