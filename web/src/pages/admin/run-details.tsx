import { useEffect, useState } from 'react';
import { gql } from '../../api';
import { Alert } from '../../alert';
import { messageOf, moment } from './format';

interface Details {
  id: string;
  input: {
    task: string;
    requestedAt: number;
    actorUrn?: string | null;
    executorId?: string | null;
    source: { type?: string | null; ingestionSource?: string | null };
  };
  result?: {
    status: string;
    startTimeMs?: number | null;
    durationMs?: number | null;
    report?: string | null;
  } | null;
}

const RUN = `query ($urn: String!) { entity(urn: $urn) { ... on ExecutionRequest {
  id
  input { task requestedAt actorUrn executorId source { type ingestionSource } }
  result { status startTimeMs durationMs report }
} } }`;

/** One run in full: what was asked (its recipe's arguments hold secrets and are never served), how it ended, its report. */
export function RunDetails({ urn, onClose }: { urn: string; onClose: () => void }) {
  const [run, setRun] = useState<Details | null>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setRun(undefined);
    setError(undefined);
    gql<{ entity: Details | null }>(RUN, { urn }).then(
      (d) => setRun(d.entity),
      (e: unknown) => setError(messageOf(e)),
    );
  }, [urn]);
  const rows: [string, string][] = run
    ? [
        ['Task', run.input.task],
        ['Source', run.input.source.type ?? ''],
        ['Ingestion source', run.input.source.ingestionSource ?? ''],
        ['Executor', run.input.executorId ?? ''],
        ['Requested by', run.input.actorUrn ?? ''],
        ['Requested at', moment(run.input.requestedAt)],
        ['Status', run.result?.status ?? 'no result yet'],
        ['Started', moment(run.result?.startTimeMs)],
        ['Took', run.result?.durationMs != null ? `${(run.result.durationMs / 1000).toFixed(1)} s` : ''],
      ]
    : [];
  return (
    <div className="run-details" role="region" aria-labelledby="run-details-title">
      <h3 id="run-details-title">
        Run <code>{run?.id ?? urn}</code>
      </h3>
      <Alert error={error} />
      {run === null && <p>No such run.</p>}
      {run && (
        <>
          <dl>
            {rows
              .filter(([, v]) => v !== '')
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>
          {run.result?.report ? (
            <>
              <h4 id="run-report">Report</h4>
              {/* Scrolls: focusable so that keyboard users can scroll it too. */}
              <pre className="report" tabIndex={0} aria-labelledby="run-report">
                {run.result.report}
              </pre>
            </>
          ) : (
            <p>The run left no report.</p>
          )}
        </>
      )}
      <button type="button" className="quiet" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
