import type { Tx } from './executor.js';
import { FIELD_EDGE_TYPE, type UpsertOp } from './types.js';

/**
 * Deletes the edges an aspect owns that start elsewhere (fine-grained lineage: from its downstream
 * fields), found by the index on their `owner`; `aspect` null means every aspect of the owner.
 */
export async function deleteOwnedEdges(
  tx: Tx,
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
  tx: Tx,
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
  const ops = items.map((x) => x.op);
  const owned = ops.flatMap((o) =>
    o.edges
      .filter((e) => e.source !== undefined)
      .map((e) => ({
        src: e.source?.urn,
        srcType: e.source?.type,
        srcLabel: e.source?.label,
        owner: o.urn,
        aspect: o.aspect,
        type: e.type,
        dst: e.destination,
        dstType: e.destinationType,
        dstLabel: e.destinationLabel,
        time: o.created.time,
        actor: o.created.actor,
      })),
  );
  if (owned.length)
    await tx.run(
      `UNWIND $edges AS x
       MERGE (s:Entity {urn: x.src})
       ON CREATE SET s.entityType = x.srcType, s.stub = true, s.createdAt = $now, s:$(x.srcLabel)
       MERGE (d:Entity {urn: x.dst})
       ON CREATE SET d.entityType = x.dstType, d.stub = true, d.createdAt = $now, d:$(x.dstLabel)
       CREATE (s)-[:$(x.type) {aspect: x.aspect, owner: x.owner, createdOn: x.time, createdActor: x.actor}]->(d)`,
      { edges: owned, now },
    );
  const edges = ops.flatMap((o) =>
    o.edges
      .filter((e) => e.source === undefined)
      .map((e) => ({
        src: o.urn,
        aspect: o.aspect,
        type: e.type,
        dst: e.destination,
        dstType: e.destinationType,
        dstLabel: e.destinationLabel,
        time: o.created.time,
        actor: o.created.actor,
      })),
  );
  if (!edges.length) return;
  // One statement for every edge of the batch: Neo4j 5.26 takes labels and relationship types as values.
  await tx.run(
    `UNWIND $edges AS x
     MATCH (s:Entity {urn: x.src})
     MERGE (d:Entity {urn: x.dst})
     ON CREATE SET d.entityType = x.dstType, d.stub = true, d.createdAt = $now, d:$(x.dstLabel)
     CREATE (s)-[:$(x.type) {aspect: x.aspect, createdOn: x.time, createdActor: x.actor}]->(d)`,
    { edges, now },
  );
}
