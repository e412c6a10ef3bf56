import type { Driver } from 'neo4j-driver';
import { extractEdges, type Registry } from '../src/registry/index.js';
import { ASPECTS_PER_DATASET, datasetAspects, defaultAspectsOf } from './data.js';

/**
 * The limit of what the stack can do: the same graph writes as neohub's write path (entity nodes,
 * latest aspects, the key and default aspects it stores beside a new dataset's, history versions, edges
 * to stub nodes) straight through neo4j-driver, one UNWIND per 1,000 rows, without HTTP, validation or
 * the change log. The rate is in the bench's own aspects (5 a dataset), as the write path's is counted.
 */
export async function directLoad(
  driver: Driver,
  registry: Registry,
  run: string,
  datasets: number,
  batch = 1000,
): Promise<number> {
  const rows = Array.from({ length: datasets }, (_, i) => [
    ...datasetAspects(run, i),
    ...defaultAspectsOf(run, i),
  ]).flat();
  const started = performance.now();
  for (let off = 0; off < rows.length; off += batch) {
    const chunk = rows.slice(off, off + batch).map((r) => {
      const spec = registry.findAspect(r.aspect);
      const edges = spec
        ? extractEdges(spec, r.value).map((e) => ({ type: e.type, dst: e.destination }))
        : [];
      return { urn: r.urn, aspect: r.aspect, value: JSON.stringify(r.value), edges, time: Date.now() };
    });
    const session = driver.session();
    try {
      await session.executeWrite(async (tx) => {
        await tx.run(
          `UNWIND $rows AS r
           MERGE (n:Entity {urn: r.urn}) ON CREATE SET n.entityType = 'dataset', n.stub = false SET n:Dataset
           MERGE (a:Aspect {urn: r.urn, name: r.aspect})
           WITH a, r, a.value AS prev, coalesce(a.maxVersion, 0) AS mv
           FOREACH (_ IN CASE WHEN prev IS NOT NULL AND prev <> r.value THEN [1] ELSE [] END |
             CREATE (:AspectVersion {urn: r.urn, name: r.aspect, version: mv + 1, value: prev}))
           SET a.version = 0, a.value = r.value, a.createdTime = r.time, a.maxVersion = CASE WHEN prev IS NULL THEN mv ELSE mv + 1 END`,
          { rows: chunk },
        );
        const edges = chunk.flatMap((r) =>
          r.edges.map((e) => ({ src: r.urn, aspect: r.aspect, type: e.type, dst: e.dst })),
        );
        for (const type of new Set(edges.map((e) => e.type))) {
          await tx.run(
            `UNWIND $edges AS x
             MATCH (s:Entity {urn: x.src})
             MERGE (d:Entity {urn: x.dst}) ON CREATE SET d.stub = true
             CREATE (s)-[:${type} {aspect: x.aspect}]->(d)`,
            { edges: edges.filter((e) => e.type === type) },
          );
        }
      });
    } finally {
      await session.close();
    }
  }
  return (datasets * ASPECTS_PER_DATASET) / ((performance.now() - started) / 1000);
}
