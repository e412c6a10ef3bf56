import type { Tx } from './executor.js';
import type { ChangeLogEntry } from './types.js';

/**
 * Appends the batch's applied changes to the change log, as one `(:ChangeLog)` node per transaction
 * holding the entries in parallel lists (`seq` is the first entry's number, `last` the last's; `''`
 * stands for null, which Neo4j lists cannot hold). One node per batch instead of one per change keeps
 * the log cheap to write. The sequence counter is taken last in the transaction and held until commit,
 * so sequence numbers follow commit order: a consumer that has read up to N never sees a lower entry
 * appear later.
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
  const list = <T>(f: (e: ChangeLogEntry) => T | null): (T | string)[] => entries.map((e) => f(e) ?? '');
  await tx.run(
    `CREATE (:ChangeLog {seq: $seq, last: $last, urns: $urns, entityTypes: $entityTypes, aspects: $aspects,
                         changeTypes: $changeTypes, previousValues: $previousValues, newValues: $newValues,
                         createdTimes: $createdTimes, createdActors: $createdActors, runIds: $runIds, loggedAt: $now})`,
    {
      seq: base + 1,
      last: base + entries.length,
      urns: list((e) => e.urn),
      entityTypes: list((e) => e.entityType),
      aspects: list((e) => e.aspect),
      changeTypes: list((e) => e.changeType),
      previousValues: list((e) => e.previousValue),
      newValues: list((e) => e.newValue),
      createdTimes: entries.map((e) => e.created.time),
      createdActors: list((e) => e.created.actor),
      runIds: list((e) => e.runId),
      now,
    },
  );
  return entries;
}
