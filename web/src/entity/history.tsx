import { useState } from 'react';
import { gql } from '../api';
import { Alert } from '../alert';
import { when } from './types';

interface Transaction {
  timestampMillis: number;
  lastSemanticVersion: string;
  actor?: string | null;
  changes?: { category?: string | null; operation?: string | null; description?: string | null }[] | null;
}

const TIMELINE = `query ($urn: String!) { getTimeline(input: { urn: $urn }) {
  changeTransactions { timestampMillis lastSemanticVersion actor changes { category operation description } } } }`;

/** The entity's history (DataHub's timeline), newest first, read when the reader opens it. */
export function History({ urn }: { urn: string }) {
  const [transactions, setTransactions] = useState<Transaction[]>();
  const [error, setError] = useState<string>();
  const load = () => {
    if (transactions) return;
    gql<{ getTimeline: { changeTransactions: Transaction[] } | null }>(TIMELINE, { urn })
      .then((d) => setTransactions([...(d.getTimeline?.changeTransactions ?? [])].reverse()))
      .catch((e: Error) => setError(e.message));
  };
  return (
    <section aria-labelledby="history">
      <details className="history" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && load()}>
        <summary>
          <h2 id="history">History</h2>
        </summary>
        <Alert error={error} />
        {transactions === undefined && !error && <p aria-busy="true">Loading…</p>}
        {transactions?.length === 0 && <p>No changes recorded.</p>}
        <ol className="timeline">
          {transactions?.map((t) => (
            <li key={`${t.timestampMillis} ${t.lastSemanticVersion}`}>
              <p className="meta">
                {when(t.timestampMillis)} · version {t.lastSemanticVersion}
                {t.actor ? ` · ${t.actor}` : ''}
              </p>
              <ul>
                {(t.changes ?? []).map((c, i) => (
                  <li key={i}>{c.description ?? `${c.operation} ${c.category}`}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
