import { deleteAspectNode } from './apply-deletes.js';
import type { OpResult, Round } from './batch-util.js';
import type { Tx } from './executor.js';
import { replaceEdges } from './replace-edges.js';
import type { RevertOp } from './types.js';

/**
 * The reverts of one round (rollbacks of a run): each undoes the aspect's latest version when that
 * version is still the run's and the aspect's version count has not moved. The previous version becomes
 * current again and leaves the history, with its own value, audit stamp, system metadata and run; its
 * edges and entity-node projections replace the undone version's. An aspect the run created goes.
 */
export async function applyReverts({ tx, items, results, pending, now }: Round): Promise<void> {
  for (const { op, i } of items) {
    if (op.kind !== 'revert') continue;
    const current = await tx.run<{ value: string; sm: string | null; d: string | null }>(
      `MATCH (a:Aspect {urn: $urn, name: $aspect})
       WHERE a.runId = $runId AND coalesce(a.maxVersion, 0) = $maxVersion
       RETURN a.value AS value, a.systemMetadata AS sm, a.defaulted AS d`,
      { urn: op.urn, aspect: op.aspect, runId: op.runId, maxVersion: op.maxVersion },
    );
    const value = current.records[0]?.get('value');
    if (value === undefined) continue;
    const undone = current.records[0]?.get('sm') ?? null;
    const result = results[i] as OpResult;
    const restored = op.restore ? await restore(tx, op, now) : null;
    if (op.restore && restored === null) continue;
    if (!op.restore && !(await deleteAspectNode(tx, op.urn, op.aspect, op.projections))) continue;
    result.changed = true;
    result.rows = 1;
    pending.push({
      urn: op.urn,
      entityType: op.entityType,
      aspect: op.aspect,
      changeType: restored === null ? 'DELETE' : 'UPSERT',
      previousValue: value,
      newValue: restored?.value ?? null,
      created: op.created,
      runId: op.runId,
      systemMetadata: restored?.sm ?? null,
      previousSystemMetadata: undone,
      defaulted: restored?.d ?? null,
      previousDefaulted: current.records[0]?.get('d') ?? null,
    });
  }
}

/**
 * Makes the previous version current again; returns its value, system metadata and filled defaults
 * (null when that version is gone).
 */
async function restore(
  tx: Tx,
  op: RevertOp,
  now: number,
): Promise<{ value: string; sm: string | null; d: string | null } | null> {
  const res = await tx.run<{ value: string; sm: string | null; d: string | null }>(
    `MATCH (a:Aspect {urn: $urn, name: $aspect})
     MATCH (v:AspectVersion {urn: $urn, name: $aspect, version: $maxVersion})
     SET a.value = v.value, a.defaulted = v.defaulted, a.createdTime = v.createdTime, a.createdActor = v.createdActor,
         a.systemMetadata = v.systemMetadata, a.runId = $previousRun, a.maxVersion = $maxVersion - 1
     WITH a, v, v.value AS value, v.systemMetadata AS sm, v.defaulted AS d
     DELETE v
     RETURN value, sm, d`,
    {
      urn: op.urn,
      aspect: op.aspect,
      maxVersion: op.maxVersion,
      previousRun: op.restore?.runId ?? null,
    },
  );
  const rec = res.records[0];
  if (rec === undefined || !op.restore) return null;
  const props = op.restore.upsert.projections;
  if (Object.keys(props).length)
    await tx.run('MATCH (n:Entity {urn: $urn}) SET n += $props', { urn: op.urn, props });
  await replaceEdges(tx, [{ op: op.restore.upsert, existed: true }], now);
  return { value: rec.get('value'), sm: rec.get('sm'), d: rec.get('d') };
}
