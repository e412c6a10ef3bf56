import type { Tx } from './executor.js';
import { fromJson, jsonParams, type PendingChange } from './batch-util.js';
import type { ChangeLogEntry } from './types.js';

/**
 * Appends the batch's applied changes to the change log, as one `(:ChangeLog)` node per transaction
 * holding the entries in parallel lists (`seq` is the first entry's number, `last` the last's; `''`
 * stands for null, which Neo4j lists cannot hold; the lists of filled defaults are absent when no entry
 * has any). One node per batch instead of one per change keeps the log cheap to write. The lists of
 * JSON texts (values, system metadata) and of aspect names go as lists of strings beside the JSON of the
 * others, as `rowParams` sends them. The sequence counter is taken last in the transaction and held until
 * commit, so sequence numbers follow commit order: a consumer that has read up to N never sees a lower
 * entry appear later.
 */
export async function appendChangeLog(
  tx: Tx,
  pending: readonly PendingChange[],
  now: number,
  traceId?: string,
): Promise<ChangeLogEntry[]> {
  if (!pending.length) return [];
  const list = <T>(f: (e: PendingChange) => T | null): (T | string)[] => pending.map((e) => f(e) ?? '');
  const some = (f: (e: PendingChange) => string | null | undefined): string[] | null =>
    pending.some((e) => f(e)) ? pending.map((e) => f(e) || '') : null;
  const res = await tx.run<{ base: number }>(
    `WITH ${fromJson('lists', 'Map')} AS l
     MERGE (c:Counter {name: 'changelog'})
     ON CREATE SET c.value = 0
     SET c.value = c.value + size(l.urns)
     WITH l, c.value - size(l.urns) AS base
     CREATE (:ChangeLog {seq: base + 1, last: base + size(l.urns), urns: l.urns, entityTypes: l.entityTypes,
                         aspects: $aspects, changeTypes: l.changeTypes, previousValues: $previousValues,
                         newValues: $newValues, createdTimes: l.createdTimes, createdActors: l.createdActors,
                         runIds: l.runIds, systemMetadatas: $systemMetadatas,
                         previousSystemMetadatas: $previousSystemMetadatas, defaulteds: l.defaulteds,
                         previousDefaulteds: l.previousDefaulteds, loggedAt: $now, traceId: $traceId})
     RETURN base`,
    {
      ...jsonParams('lists', {
        urns: list((e) => e.urn),
        entityTypes: list((e) => e.entityType),
        changeTypes: list((e) => e.changeType),
        createdTimes: pending.map((e) => e.created.time),
        createdActors: list((e) => e.created.actor),
        runIds: list((e) => e.runId),
        // The filled defaults' lists only where an entry has any (most have none).
        defaulteds: some((e) => e.defaulted),
        previousDefaulteds: some((e) => e.previousDefaulted),
      }),
      // The aspects' names beside the lists of values: the logs' redaction reads them (`rowParams`).
      aspects: list((e) => e.aspect),
      previousValues: list((e) => e.previousValue),
      newValues: list((e) => e.newValue),
      systemMetadatas: list((e) => e.systemMetadata),
      previousSystemMetadatas: list((e) => e.previousSystemMetadata),
      now,
      traceId: traceId ?? null,
    },
  );
  const base = res.records[0]?.get('base') ?? 0;
  const entries = pending.map((p, i) => ({ ...p, seq: base + i + 1 }));
  return entries;
}
