import { deleteOwnedEdges } from './replace-edges.js';
import type { Tx } from './executor.js';
import { runId, type OpResult, type Round } from './batch-util.js';

/** Aspect deletes, entity hard deletes and time-series range deletes of one round. */
export async function applyDeletes({ tx, items, results, pending, now }: Round): Promise<void> {
  for (const { op, i } of items) {
    const result = results[i] as OpResult;
    const log = (
      aspect: string | null,
      previousValue: string | null,
      previousSystemMetadata: string | null,
      previousDefaulted: string | null,
      newValue: string | null = null,
    ): void => {
      pending.push({
        urn: op.urn,
        entityType: op.entityType,
        aspect,
        changeType: 'DELETE',
        previousValue,
        newValue,
        created: op.created,
        runId: runId(op.systemMetadata),
        systemMetadata: op.systemMetadata,
        previousSystemMetadata,
        previousDefaulted,
      });
    };
    if (op.kind === 'deleteAspect') {
      const gone = await deleteAspectNode(tx, op.urn, op.aspect, op.projections);
      if (!gone) continue;
      result.changed = true;
      result.rows = gone.rows;
      log(op.aspect, gone.prev, gone.psm, gone.pd);
    } else if (op.kind === 'deleteEntity') {
      const aspects = await tx.run<{ name: string; value: string; sm: string | null; d: string | null }>(
        `MATCH (a:Aspect {urn: $urn}) WHERE a.name IS NOT NULL
         WITH a, a.name AS name, a.value AS value, a.systemMetadata AS sm, a.defaulted AS d
         DELETE a RETURN name, value, sm, d`,
        { urn: op.urn },
      );
      const versions = await tx.run<{ n: number }>(
        `MATCH (v:AspectVersion {urn: $urn}) WHERE v.name IS NOT NULL AND v.version IS NOT NULL DELETE v RETURN count(*) AS n`,
        { urn: op.urn },
      );
      result.timeseriesRows = await deleteTimeseries(tx, op.urn, undefined, undefined, undefined);
      await deleteOwnedEdges(tx, [{ urn: op.urn, aspect: null }]);
      await tx.run(
        `MATCH (n:Entity {urn: $urn})
         OPTIONAL MATCH (n)-[e]->() DELETE e
         WITH DISTINCT n
         CALL (n) {
           WITH n WHERE EXISTS { (n)<--() }
           SET n = {urn: n.urn, entityType: n.entityType, createdAt: n.createdAt, stub: true, lastModified: $now}
         }
         WITH n WHERE NOT EXISTS { (n)<--() }
         DELETE n`,
        { urn: op.urn, now },
      );
      result.rows = aspects.records.length + (versions.records[0]?.get('n') ?? 0);
      result.changed = result.rows + result.timeseriesRows > 0;
      for (const rec of aspects.records) log(rec.get('name'), rec.get('value'), rec.get('sm'), rec.get('d'));
    } else if (op.kind === 'deleteTimeseries') {
      result.timeseriesRows = await deleteTimeseries(
        tx,
        op.urn,
        op.aspect,
        op.startTimeMillis,
        op.endTimeMillis,
      );
      result.changed = result.timeseriesRows > 0;
      if (result.changed) {
        const range = {
          startTimeMillis: op.startTimeMillis ?? null,
          endTimeMillis: op.endTimeMillis ?? null,
          rows: result.timeseriesRows,
        };
        log(op.aspect ?? null, null, null, null, JSON.stringify(range));
      }
    }
  }
}

/**
 * Removes an aspect: its latest version, its history, the entity-node projections it set (`clear`) and
 * the edges it owns. Returns its last value (with its system metadata and filled defaults) and the rows
 * removed, or null when it did not exist.
 */
export async function deleteAspectNode(
  tx: Tx,
  urn: string,
  aspect: string,
  clear: Readonly<Record<string, unknown>>,
): Promise<{ prev: string; psm: string | null; pd: string | null; rows: number } | null> {
  const res = await tx.run<{ prev: string; psm: string | null; pd: string | null; rows: number }>(
    `MATCH (a:Aspect {urn: $urn, name: $aspect})
     WITH a, a.value AS prev, a.systemMetadata AS psm, a.defaulted AS pd
     OPTIONAL MATCH (v:AspectVersion {urn: $urn, name: $aspect})
     WITH a, prev, psm, pd, collect(v) AS vs
     FOREACH (x IN vs | DELETE x)
     DELETE a
     WITH prev, psm, pd, size(vs) + 1 AS rows
     OPTIONAL MATCH (n:Entity {urn: $urn})
     SET n += $clear
     WITH prev, psm, pd, rows, n
     OPTIONAL MATCH (n)-[e]->() WHERE e.aspect = $aspect
     DELETE e
     RETURN DISTINCT prev, psm, pd, rows`,
    { urn, aspect, clear },
  );
  const rec = res.records[0];
  if (!rec) return null;
  await deleteOwnedEdges(tx, [{ urn, aspect }]);
  return { prev: rec.get('prev'), psm: rec.get('psm'), pd: rec.get('pd'), rows: rec.get('rows') };
}

async function deleteTimeseries(
  tx: Tx,
  urn: string,
  aspect: string | undefined,
  start: number | undefined,
  end: number | undefined,
): Promise<number> {
  const res = await tx.run<{ n: number }>(
    `MATCH (t:TimeseriesValue {urn: $urn})
     WHERE t.aspect IS NOT NULL AND t.timestampMillis IS NOT NULL
       AND ($aspect IS NULL OR t.aspect = $aspect)
       AND ($start IS NULL OR t.timestampMillis >= $start)
       AND ($end IS NULL OR t.timestampMillis <= $end)
     DELETE t RETURN count(*) AS n`,
    { urn, aspect: aspect ?? null, start: start ?? null, end: end ?? null },
  );
  return res.records[0]?.get('n') ?? 0;
}
