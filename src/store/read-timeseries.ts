import type { Tx } from './executor.js';
import type { StoredTimeseries } from './types.js';

export interface TimeseriesQuery {
  readonly urn: string;
  readonly aspect: string;
  readonly startTimeMillis?: number | undefined;
  readonly endTimeMillis?: number | undefined;
  /** Rows to scan at most; the caller filters and trims to its limit. */
  readonly scanLimit: number;
}

/** Time-series values of one entity and aspect in a time range, newest first. */
export async function readTimeseries(tx: Tx, q: TimeseriesQuery): Promise<StoredTimeseries[]> {
  // `ORDER BY` names every property of the (urn, aspect, timestampMillis) key's index so that Neo4j reads it
  // backwards and stops at the limit: by the time alone it sorted the entity's whole history (`Top`).
  const res = await tx.run<{ ts: number; value: string; defaulted: string | null; sm: string | null }>(
    `MATCH (t:TimeseriesValue {urn: $urn, aspect: $aspect})
     WHERE t.timestampMillis IS NOT NULL AND ($start IS NULL OR t.timestampMillis >= $start) AND ($end IS NULL OR t.timestampMillis <= $end)
     RETURN t.timestampMillis AS ts, t.value AS value, t.defaulted AS defaulted, t.systemMetadata AS sm
     ORDER BY t.urn DESC, t.aspect DESC, t.timestampMillis DESC LIMIT $limit`,
    {
      urn: q.urn,
      aspect: q.aspect,
      start: q.startTimeMillis ?? null,
      end: q.endTimeMillis ?? null,
      limit: q.scanLimit,
    },
  );
  return res.records.map((r) => ({
    timestampMillis: r.get('ts'),
    value: r.get('value'),
    defaulted: r.get('defaulted'),
    systemMetadata: r.get('sm'),
  }));
}
