import type { Sink } from './pipeline.js';
import { fromJson, jsonParams } from './batch-util.js';
import { FIELD_EDGE_TYPE, type UpsertOp } from './types.js';

/**
 * Deletes the edges an aspect owns that start elsewhere (fine-grained lineage: from its downstream
 * fields), found by the index on their `owner`; `aspect` null means every aspect of the owner.
 */
export async function deleteOwnedEdges(
  tx: Sink,
  rows: readonly { urn: string; aspect: string | null }[],
): Promise<void> {
  if (!rows.length) return;
  await tx.run(
    `UNWIND $rows AS r
     MATCH ()-[e:${FIELD_EDGE_TYPE} {owner: r.urn}]->() WHERE r.aspect IS NULL OR e.aspect = r.aspect
     DELETE e`,
    { rows },
  );
}

/**
 * Rewriting an aspect replaces exactly that aspect's edges, those from its entity and those it owns
 * from elsewhere (fine-grained lineage); referenced URNs get stub nodes.
 */
export async function replaceEdges(
  tx: Sink,
  items: readonly { op: UpsertOp; existed: boolean }[],
  now: number,
): Promise<void> {
  const stale = items.filter((x) => x.existed).map(({ op }) => ({ urn: op.urn, aspect: op.aspect }));
  if (stale.length) {
    await tx.run(
      `UNWIND $rows AS r
       MATCH (s:Entity {urn: r.urn})-[e]->() WHERE e.aspect = r.aspect
       DELETE e`,
      { rows: stale },
    );
    await deleteOwnedEdges(tx, stale);
  }
  const rows = items.flatMap(({ op: o }) =>
    o.edges.map((e) => ({
      src: e.source?.urn ?? o.urn,
      srcType: e.source?.type ?? o.entityType,
      srcLabel: e.source?.label ?? 'Entity',
      // Only an edge that starts elsewhere than at the aspect's entity names its owner.
      owner: e.source ? o.urn : null,
      aspect: o.aspect,
      type: e.type,
      dst: e.destination,
      dstType: e.destinationType,
      dstLabel: e.destinationLabel,
      time: o.created.time,
      actor: o.created.actor,
    })),
  );
  const own = rows.filter((r) => r.owner === null);
  const owned = rows.filter((r) => r.owner !== null);
  // One statement for the edges of the batch from their aspects' entities, one for those that start
  // elsewhere (their source may be a stub): Neo4j 5.26 takes labels and relationship types as values.
  if (own.length)
    await tx.run(
      `UNWIND ${fromJson('edges')} AS x
       MATCH (s:Entity {urn: x.src})
       MERGE (d:Entity {urn: x.dst})
       ON CREATE SET d.entityType = x.dstType, d.stub = true, d.createdAt = $now, d:$(x.dstLabel)
       CREATE (s)-[:$(x.type) {aspect: x.aspect, createdOn: x.time, createdActor: x.actor}]->(d)`,
      {
        ...jsonParams(
          'edges',
          own.map(({ srcType: _t, srcLabel: _l, owner: _o, ...x }) => x),
        ),
        now,
      },
    );
  if (owned.length)
    await tx.run(
      `UNWIND ${fromJson('edges')} AS x
       MERGE (s:Entity {urn: x.src})
       ON CREATE SET s.entityType = x.srcType, s.stub = true, s.createdAt = $now, s:$(x.srcLabel)
       MERGE (d:Entity {urn: x.dst})
       ON CREATE SET d.entityType = x.dstType, d.stub = true, d.createdAt = $now, d:$(x.dstLabel)
       CREATE (s)-[:$(x.type) {aspect: x.aspect, owner: x.owner, createdOn: x.time, createdActor: x.actor}]->(d)`,
      { ...jsonParams('edges', owned), now },
    );
}
