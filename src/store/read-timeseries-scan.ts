import type { Tx } from './executor.js';

export interface TimeseriesScan {
  readonly entityType: string;
  readonly aspect: string;
  /** Only these entities (none: every entity of the type). */
  readonly urns?: readonly string[] | undefined;
  readonly startTimeMillis?: number | undefined;
  readonly endTimeMillis?: number | undefined;
  /** Rows to read at most; the caller asks one more than it accepts to tell a cut-off scan. */
  readonly limit: number;
}

export interface ScannedTimeseries {
  readonly urn: string;
  readonly timestampMillis: number;
  readonly value: string;
  readonly systemMetadata: string | null;
}

/**
 * Time-series values of one aspect of an entity type in a time range, over some entities or all of
 * them, oldest first (the rows DataHub's time-series aggregations read from its index).
 */
export async function scanTimeseries(tx: Tx, q: TimeseriesScan): Promise<ScannedTimeseries[]> {
  const match = q.urns
    ? `UNWIND $urns AS u MATCH (t:TimeseriesValue {urn: u, aspect: $aspect}) WHERE t.entityType = $entityType AND`
    : `MATCH (t:TimeseriesValue {entityType: $entityType, aspect: $aspect}) WHERE`;
  const res = await tx.run<{ urn: string; ts: number; value: string; sm: string | null }>(
    `${match} t.timestampMillis IS NOT NULL AND ($start IS NULL OR t.timestampMillis >= $start) AND ($end IS NULL OR t.timestampMillis <= $end)
     RETURN t.urn AS urn, t.timestampMillis AS ts, t.value AS value, t.systemMetadata AS sm
     ORDER BY ts, urn LIMIT $limit`,
    {
      entityType: q.entityType,
      aspect: q.aspect,
      urns: q.urns ? [...new Set(q.urns)] : null,
      start: q.startTimeMillis ?? null,
      end: q.endTimeMillis ?? null,
      limit: q.limit,
    },
  );
  return res.records.map((r) => ({
    urn: r.get('urn'),
    timestampMillis: r.get('ts'),
    value: r.get('value'),
    systemMetadata: r.get('sm'),
  }));
}
