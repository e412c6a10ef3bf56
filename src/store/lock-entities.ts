import type { Tx } from './executor.js';
import {
  cypherName,
  firstValueSystemMetadata,
  groupBy,
  rowParams,
  runId,
  type PendingChange,
  unwindRows,
} from './batch-util.js';
import type { WriteBatch } from './types.js';

type KeyRow = {
  urn: string;
  entityType: string;
  keyAspect: string;
  keyValue: string;
  time: number;
  actor: string;
  runId: string | null;
  sm: string | null;
};

/**
 * Takes the write lock of every entity of the batch first, in URN order per entity kind (creating the
 * nodes of new entities with their kind's label), and writes the key aspect of entities new to the store
 * (an entity without `hasKey` has no aspects: a stub, or hard-deleted, so the key aspect is created).
 * Returns the URNs of those new entities: they hold no other aspect yet.
 */
export async function lockEntities(
  tx: Tx,
  batch: WriteBatch,
  now: number,
  pending: PendingChange[],
): Promise<Set<string>> {
  const upsertUrns = new Set(
    batch.ops
      .filter((o) => o.kind === 'upsert' || o.kind === 'timeseries' || o.kind === 'compute')
      .map((o) => o.urn),
  );
  const rows = [...batch.entities].sort((a, b) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  const creating = rows.filter((e) => upsertUrns.has(e.urn));
  const locking = rows.filter((e) => !upsertUrns.has(e.urn)).map((e) => e.urn);
  if (locking.length) {
    await tx.run('UNWIND $urns AS u MATCH (n:Entity {urn: u}) SET n.lockedAt = $now', { urns: locking, now });
  }
  // Entity-node projections of the plain upserts, merged in op order, are set with the lock.
  const props = new Map<string, Record<string, unknown>>();
  for (const o of batch.ops)
    if (o.kind === 'upsert') props.set(o.urn, { ...props.get(o.urn), ...o.projections });
  const keyRows: KeyRow[] = [];
  for (const [label, group] of groupBy(creating, (e) => e.label)) {
    const res = await tx.run<KeyRow>(
      `${unwindRows('rows', ['keyValue', 'systemMetadata'], 'e')}
       MERGE (n:Entity {urn: e.urn})
       ON CREATE SET n.createdAt = $now
       SET n.entityType = e.entityType, n.stub = false, n.lockedAt = $now, n:${cypherName(label)}, n += e.props
       WITH n, e WHERE n.hasKey IS NULL
       SET n.hasKey = true
       CREATE (a:Aspect {urn: e.urn, name: e.keyAspect, version: 0, maxVersion: 0, value: e.keyValue,
                         createdTime: e.created.time, createdActor: e.created.actor, systemMetadata: e.systemMetadata,
                         runId: e.runId})
       RETURN e.urn AS urn, e.entityType AS entityType, e.keyAspect AS keyAspect, e.keyValue AS keyValue,
              e.created.time AS time, e.created.actor AS actor, e.runId AS runId, e.systemMetadata AS sm`,
      {
        // The JSON texts go beside the rows as lists of strings (`rowParams`).
        ...rowParams(
          'rows',
          group.map(({ keyValue: _k, systemMetadata: sm, ...e }) => ({
            ...e,
            runId: runId(sm),
            props: props.get(e.urn) ?? {},
          })),
          {
            keyValue: group.map((e) => e.keyValue),
            systemMetadata: group.map((e) => firstValueSystemMetadata(e.systemMetadata)),
          },
          group.map((e) => e.keyAspect),
        ),
        now,
      },
    );
    keyRows.push(...res.records.map((r) => r.toObject()));
  }
  for (const r of keyRows) {
    pending.push({
      urn: r.urn,
      entityType: r.entityType,
      aspect: r.keyAspect,
      changeType: 'UPSERT',
      previousValue: null,
      newValue: r.keyValue,
      created: { time: r.time, actor: r.actor },
      runId: r.runId,
      systemMetadata: r.sm,
      previousSystemMetadata: null,
    });
  }
  return new Set(keyRows.map((r) => r.urn));
}
