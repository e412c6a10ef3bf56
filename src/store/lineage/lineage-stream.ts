import type { QueryResult, Record as Neo4jRecord, Result, ResultObserver } from 'neo4j-driver';
import { subscribeWithFlow } from '../driver-internals.js';
import type { Tx } from '../executor.js';
import { LineageTree, type LineageRow, type StreamFlow } from './lineage-tree.js';
import type { LineageHit, LineagePage, LineageQuery } from './lineage-query.js';

/**
 * The lineage of an entity (see `readLineage`), streamed: the walk streams one small row per
 * entity reached (no path leaves the database: each row names the entity before it, and paths are
 * rebuilt from these parents in a {@link LineageTree}); the filters, the order (nearest first, then by
 * URN) and the page are applied here.
 */
export async function streamLineage(tx: Tx, q: LineageQuery): Promise<LineagePage> {
  const tree = q.tree ?? new LineageTree();
  tree.begin(q.urn, q);
  // No hit is returned without a page: the rows can leave the last hop out (a fifth less to send).
  const lastHops = q.count !== 0;
  let rows = 0;
  try {
    await stream(
      tx.run(
        `MATCH (s:Entity {urn: $urn})
         CALL apoc.path.expandConfig(s, {relationshipFilter: $filter, labelFilter: $labels, minLevel: 1,
                                         maxLevel: $maxHops, uniqueness: 'NODE_GLOBAL', bfs: true, limit: $limit})
         YIELD path
         WITH nodes(path) AS ns, last(relationships(path)) AS r
         WITH ns[-1] AS n, ns[-2] AS p, r, size(ns) - 1 AS degree
         RETURN n.urn AS urn, n.entityType AS entityType, degree, p.urn AS parent, n.hasKey IS NULL AS ghost
                ${lastHops ? ', type(r) AS type, r.createdOn AS createdOn, r.createdActor AS createdActor' : ''}`,
        {
          urn: q.urn,
          filter: q.relationshipFilter,
          labels: q.labelFilter ?? '',
          maxHops: q.maxHops,
          limit: q.maxVisited + 1,
        },
      ),
      (row) => {
        if (rows++ < q.maxVisited) tree.add(row);
      },
      (flow) => tree.attach(flow),
    );
  } catch (err) {
    tree.fail(err);
    throw err;
  }
  tree.end(rows > q.maxVisited);
  const hits: number[] = [];
  for (let i = 0; i < tree.size; i++) if (tree.isHit(i)) hits.push(i);
  const start = q.start ?? 0;
  const end = start + (q.count ?? q.maxVisited);
  let page: LineageHit[] = [];
  if (end > start) {
    hits.sort((a, b) => tree.degree(a) - tree.degree(b) || compare(tree.urn(a), tree.urn(b)));
    page = hits.slice(start, end).map((i) => tree.hit(i));
  }
  return { hits: page, partial: tree.partial, reached: tree.size, total: hits.length };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The records of a statement one by one as they arrive (the driver's result streams them in batches,
 * asking for the next as each ends); a handle that only answers in full (as a test's may) gives them once
 * it has. The stream's flow goes to `attach`, so that a reader can hold it back (`LineageTree.pausedWhile`):
 * the public `subscribe` drops it, so the driver's own `_subscribe` is used where it is there
 * (`driver-internals.ts`, whose tests fail if an upgrade moves it); without it the stream cannot be held.
 */
async function stream(
  run: Promise<QueryResult<LineageRow>>,
  each: (row: LineageRow) => void,
  attach: (flow: StreamFlow) => void,
): Promise<void> {
  const result = run as Partial<Result<LineageRow>> & Promise<QueryResult<LineageRow>>;
  if (typeof result.subscribe !== 'function') {
    for (const rec of (await run).records) each(rec.toObject());
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const observer = {
      onNext: (rec: Neo4jRecord<LineageRow>) => each(rec.toObject()),
      onCompleted: () => resolve(),
      onError: reject,
    };
    const flow = subscribeWithFlow(result, observer);
    if (!flow) return (result.subscribe as (o: ResultObserver<LineageRow>) => void)(observer);
    flow.then(attach, () => undefined); // an error reaches onError
  });
}
