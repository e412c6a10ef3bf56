import type { Tx } from './executor.js';
import type { UpsertOp } from './types.js';

/** Rewriting an aspect replaces exactly that aspect's edges; referenced URNs get stub nodes. */
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
  }
  const ops = items.map((x) => x.op);
  const edges = ops.flatMap((o) =>
    o.edges.map((e) => ({
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
