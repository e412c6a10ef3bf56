import type { Tx } from './executor.js';
import { defaultedJson, runId, type OpResult, type PendingChange } from './batch-util.js';
import type { WriteOp } from './types.js';

/** Time-series values keyed by (urn, aspect, timestampMillis): a value at an existing timestamp replaces it. */
export async function applyTimeseries(
  tx: Tx,
  items: { op: WriteOp; i: number }[],
  results: OpResult[],
  pending: PendingChange[],
): Promise<void> {
  const rows = items.map(({ op, i }) => {
    if (op.kind !== 'timeseries') throw new Error('not a time-series op');
    return {
      i,
      urn: op.urn,
      entityType: op.entityType,
      aspect: op.aspect,
      ts: op.timestampMillis,
      value: op.value,
      defaulted: defaultedJson(op.defaulted),
      time: op.created.time,
      actor: op.created.actor,
      sm: op.systemMetadata,
    };
  });
  const res = await tx.run<{ i: number; prev: string | null; psm: string | null; pd: string | null }>(
    `UNWIND $rows AS r
     MERGE (t:TimeseriesValue {urn: r.urn, aspect: r.aspect, timestampMillis: r.ts})
     WITH t, r, t.value AS prev, t.systemMetadata AS psm, t.defaulted AS pd
     SET t.entityType = r.entityType, t.value = r.value, t.defaulted = r.defaulted, t.createdTime = r.time, t.createdActor = r.actor, t.systemMetadata = r.sm
     RETURN r.i AS i, prev, CASE WHEN prev = r.value THEN null ELSE psm END AS psm, pd`,
    { rows },
  );
  for (const rec of res.records) {
    const i = rec.get('i');
    const x = items.find((y) => y.i === i);
    if (!x || x.op.kind !== 'timeseries') continue;
    const prev = rec.get('prev');
    if (prev === x.op.value) continue;
    (results[i] as OpResult).changed = true;
    pending.push({
      urn: x.op.urn,
      entityType: x.op.entityType,
      aspect: x.op.aspect,
      changeType: 'UPSERT',
      previousValue: prev,
      newValue: x.op.value,
      created: x.op.created,
      runId: runId(x.op.systemMetadata),
      systemMetadata: x.op.systemMetadata,
      previousSystemMetadata: rec.get('psm'),
      defaulted: defaultedJson(x.op.defaulted),
      previousDefaulted: prev === null ? null : rec.get('pd'),
    });
  }
}
