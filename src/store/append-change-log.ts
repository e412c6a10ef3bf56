import type { Tx } from './executor.js';
import type { ChangeLogEntry } from './types.js';

/**
 * Appends the batch's applied changes to the change log. The sequence counter is taken last in the
 * transaction and held until commit, so sequence numbers are assigned in commit order: a consumer that
 * has read up to N never sees an entry below N appear later.
 */
export async function appendChangeLog(
  tx: Tx,
  pending: readonly Omit<ChangeLogEntry, 'seq'>[],
  now: number,
): Promise<ChangeLogEntry[]> {
  if (!pending.length) return [];
  const res = await tx.run<{ base: number }>(
    `MERGE (c:Counter {name: 'changelog'})
     ON CREATE SET c.value = 0
     SET c.value = c.value + $n
     RETURN c.value - $n AS base`,
    { n: pending.length },
  );
  const base = res.records[0]?.get('base') ?? 0;
  const entries = pending.map((p, i) => ({ ...p, seq: base + i + 1 }));
  await tx.run(
    `UNWIND $rows AS r
     CREATE (:ChangeLog {seq: r.seq, urn: r.urn, entityType: r.entityType, aspect: r.aspect, changeType: r.changeType,
                         previousValue: r.previousValue, newValue: r.newValue, createdTime: r.created.time,
                         createdActor: r.created.actor, runId: r.runId, loggedAt: $now})`,
    { rows: entries, now },
  );
  return entries;
}
