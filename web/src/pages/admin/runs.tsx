import { useEffect, useState } from 'react';
import { gql } from '../../api';
import { Alert } from '../../alert';
import { TableHead } from '../../table-head';
import { messageOf, moment } from './format';
import { RunDetails } from './run-details';

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

/**
 * Ingestion runs, newest first: each shown in full (what was asked, how it ended, its report), and rolled
 * back only after a dry run says what the rollback would do.
 */
export function Runs() {
  const [runs, setRuns] = useState<Run[]>();
  const [plan, setPlan] = useState<{ runId: string; figures: Figures }>();
  const [shown, setShown] = useState<string>();
  const [error, setError] = useState<string>();
  const load = () =>
    gql<{ listExecutionRequests: { executionRequests: Run[] } }>(RUNS).then(
      (d) => setRuns(d.listExecutionRequests.executionRequests),
      (e: unknown) => setError(messageOf(e)),
    );
  useEffect(() => void load(), []);
  const rollback = async (runId: string, dryRun: boolean) => {
    try {
      const d = await gql<{ rollbackIngestion: string }>(ROLLBACK, { runId, dryRun });
      const figures = JSON.parse(d.rollbackIngestion) as Figures;
      setPlan(dryRun ? { runId, figures } : undefined);
      if (!dryRun) await load();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <section aria-labelledby="runs" id="runs-section">
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
      {shown && <RunDetails urn={shown} onClose={() => setShown(undefined)} />}
      <table>
        <TableHead columns={['Run', 'Source', 'Started', 'Status', 'Took', 'Details', 'Roll back']} />
        <tbody>
          {(runs ?? []).map((r) => (
            <tr key={r.urn}>
              <td>
                <code>{r.id}</code>
              </td>
              <td>{r.input.source.type ?? ''}</td>
              <td>{moment(r.input.requestedAt)}</td>
              <td>{r.result?.status ?? ''}</td>
              <td>{r.result?.durationMs ? `${(r.result.durationMs / 1000).toFixed(1)} s` : ''}</td>
              <td>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Show run ${r.id}`}
                  aria-pressed={shown === r.urn}
                  onClick={() => setShown(shown === r.urn ? undefined : r.urn)}
                >
                  Show
                </button>
              </td>
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
