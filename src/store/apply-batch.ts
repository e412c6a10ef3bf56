import type { Tx } from './executor.js';
import { applyDeletes } from './apply-deletes.js';
import type { ApplyResult, ChangeLogEntry, UpsertOp, WriteBatch, WriteOp } from './types.js';
import { appendChangeLog } from './append-change-log.js';
import { readLatest } from './read-aspects.js';

type Pending = Omit<ChangeLogEntry, 'seq'>;
type Result = { changed: boolean; rows: number; timeseriesRows: number };

const runId = (sm: string): string | null => {
  try {
    const v = (JSON.parse(sm) as { runId?: unknown }).runId;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
};

/**
 * Applies one batch of validated write operations inside one transaction: entity locks first (in URN
 * order), key aspects for new entities, versioned upserts, edges, time-series values, deletes, and the
 * change log last, so that change-log sequence numbers follow commit order.
 */
export async function applyBatch(tx: Tx, batch: WriteBatch, now: number): Promise<ApplyResult> {
  const pending: Pending[] = [];
  const results: Result[] = batch.ops.map(() => ({ changed: false, rows: 0, timeseriesRows: 0 }));

  await lockAndKey(tx, batch, now, pending);

  // Operations run in rounds so that no round touches one (urn, aspect) twice; order is kept.
  for (const raw of rounds(batch.ops)) {
    const round = await resolveComputed(tx, raw);
    const upserts = round.filter((x): x is { op: UpsertOp; i: number } => x.op.kind === 'upsert');
    if (upserts.length) await applyUpserts(tx, upserts, now, results, pending);
    const timeseries = round.filter((x) => x.op.kind === 'timeseries');
    if (timeseries.length) await applyTimeseries(tx, timeseries, results, pending);
    const deletes = round.filter((x) => x.op.kind !== 'upsert' && x.op.kind !== 'timeseries');
    if (deletes.length) await applyDeletes(tx, deletes, results, pending, now);
  }

  const changeLog = await appendChangeLog(tx, pending, now);
  return { results, changeLog };
}

async function lockAndKey(tx: Tx, batch: WriteBatch, now: number, pending: Pending[]): Promise<void> {
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
  if (!creating.length) return;
  const res = await tx.run<{
    urn: string;
    entityType: string;
    keyAspect: string;
    keyValue: string;
    time: number;
    actor: string;
    runId: string | null;
  }>(
    `UNWIND $rows AS e
     MERGE (n:Entity {urn: e.urn})
     ON CREATE SET n.createdAt = $now
     SET n.entityType = e.entityType, n.stub = false, n.lockedAt = $now, n:$(e.label)
     WITH n, e WHERE n.hasKey IS NULL
     SET n.hasKey = true
     MERGE (a:Aspect {urn: e.urn, name: e.keyAspect})
     SET a.version = 0, a.maxVersion = coalesce(a.maxVersion, 0), a.value = e.keyValue,
         a.createdTime = e.created.time, a.createdActor = e.created.actor, a.systemMetadata = e.systemMetadata
     RETURN e.urn AS urn, e.entityType AS entityType, e.keyAspect AS keyAspect, e.keyValue AS keyValue,
            e.created.time AS time, e.created.actor AS actor, e.runId AS runId`,
    { rows: creating.map((e) => ({ ...e, runId: runId(e.systemMetadata) })), now },
  );
  for (const r of res.records) {
    pending.push({
      urn: r.get('urn'),
      entityType: r.get('entityType'),
      aspect: r.get('keyAspect'),
      changeType: 'UPSERT',
      previousValue: null,
      newValue: r.get('keyValue'),
      created: { time: r.get('time'), actor: r.get('actor') },
      runId: r.get('runId'),
    });
  }
}

/** Resolves the round's read-modify-write ops against the values current inside this transaction. */
async function resolveComputed(
  tx: Tx,
  round: { op: WriteOp; i: number }[],
): Promise<{ op: WriteOp; i: number }[]> {
  const computed = round.filter((x) => x.op.kind === 'compute');
  if (!computed.length) return round;
  const current = new Map<string, string>();
  for (const a of await readLatest(tx, [...new Set(computed.map((x) => x.op.urn))]))
    current.set(`${a.urn}\u0000${a.name}`, a.value);
  const out: { op: WriteOp; i: number }[] = [];
  for (const x of round) {
    if (x.op.kind !== 'compute') out.push(x);
    else {
      const next = x.op.resolve(current.get(`${x.op.urn}\u0000${x.op.aspect}`));
      if (next) out.push({ op: next, i: x.i });
    }
  }
  return out;
}

function scopeOf(op: WriteOp): string {
  if (op.kind === 'deleteEntity' || op.kind === 'deleteTimeseries') return '*';
  return op.kind === 'timeseries' ? `${op.aspect}@${op.timestampMillis}` : op.aspect;
}

/** Splits ops into rounds with no two ops on one (urn, aspect); per URN the order of ops is kept. */
function* rounds(ops: readonly WriteOp[]): Generator<{ op: WriteOp; i: number }[]> {
  let rest = ops.map((op, i) => ({ op, i }));
  while (rest.length) {
    const taken = new Map<string, Set<string>>();
    const deferred = new Set<string>();
    const current: { op: WriteOp; i: number }[] = [];
    const later: { op: WriteOp; i: number }[] = [];
    for (const x of rest) {
      const scope = scopeOf(x.op);
      const t = taken.get(x.op.urn);
      const conflict =
        deferred.has(x.op.urn) || (t !== undefined && (t.has('*') || scope === '*' || t.has(scope)));
      if (conflict) {
        later.push(x);
        deferred.add(x.op.urn);
      } else {
        current.push(x);
        if (t) t.add(scope);
        else taken.set(x.op.urn, new Set([scope]));
      }
    }
    yield current;
    rest = later;
  }
}

async function applyUpserts(
  tx: Tx,
  items: { op: UpsertOp; i: number }[],
  now: number,
  results: Result[],
  pending: Pending[],
): Promise<void> {
  const rows = items.map(({ op, i }) => ({
    i,
    urn: op.urn,
    aspect: op.aspect,
    value: op.value,
    time: op.created.time,
    actor: op.created.actor,
    sm: op.systemMetadata,
    props: op.projections,
  }));
  const res = await tx.run<{ i: number; prev: string | null }>(
    `UNWIND $rows AS r
     MERGE (a:Aspect {urn: r.urn, name: r.aspect})
     WITH a, r, a.value AS prev, coalesce(a.maxVersion, 0) AS mv, a.createdTime AS pt, a.createdActor AS pa, a.systemMetadata AS psm
     FOREACH (_ IN CASE WHEN prev IS NOT NULL AND prev <> r.value THEN [1] ELSE [] END |
       CREATE (:AspectVersion {urn: r.urn, name: r.aspect, version: mv + 1, value: prev,
                               createdTime: pt, createdActor: pa, systemMetadata: psm}))
     SET a.version = 0,
         a.maxVersion = CASE WHEN prev IS NULL OR prev = r.value THEN mv ELSE mv + 1 END,
         a.value = r.value,
         a.createdTime = CASE WHEN prev = r.value THEN pt ELSE r.time END,
         a.createdActor = CASE WHEN prev = r.value THEN pa ELSE r.actor END,
         a.systemMetadata = r.sm
     WITH a, r, prev
     MATCH (n:Entity {urn: r.urn})
     SET n += r.props, n.lastModified = $now
     RETURN r.i AS i, prev`,
    { rows, now },
  );
  const changed = new Map<number, string | null>();
  for (const rec of res.records) {
    const i = rec.get('i');
    const prev = rec.get('prev');
    const op = items.find((x) => x.i === i)?.op as UpsertOp;
    if (prev === op.value) continue;
    changed.set(i, prev);
  }
  const changedOps = items.filter((x) => changed.has(x.i));
  if (!changedOps.length) return;
  await replaceEdges(
    tx,
    changedOps.map((x) => x.op),
    now,
  );
  for (const { op, i } of changedOps) {
    (results[i] as Result).changed = true;
    pending.push({
      urn: op.urn,
      entityType: op.entityType,
      aspect: op.aspect,
      changeType: 'UPSERT',
      previousValue: changed.get(i) ?? null,
      newValue: op.value,
      created: op.created,
      runId: runId(op.systemMetadata),
    });
  }
}

/** Rewriting an aspect replaces exactly that aspect's edges; referenced URNs get stub nodes. */
export async function replaceEdges(tx: Tx, ops: readonly UpsertOp[], now: number): Promise<void> {
  await tx.run(
    `UNWIND $rows AS r
     MATCH (s:Entity {urn: r.urn})-[e]->() WHERE e.aspect = r.aspect
     DELETE e`,
    { rows: ops.map((o) => ({ urn: o.urn, aspect: o.aspect })) },
  );
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
  await tx.run(
    `UNWIND $edges AS x
     MATCH (s:Entity {urn: x.src})
     MERGE (d:Entity {urn: x.dst})
     ON CREATE SET d.entityType = x.dstType, d.stub = true, d.createdAt = $now, d:$(x.dstLabel)
     CREATE (s)-[:$(x.type) {aspect: x.aspect, createdOn: x.time, createdActor: x.actor}]->(d)`,
    { edges, now },
  );
}

async function applyTimeseries(
  tx: Tx,
  items: { op: WriteOp; i: number }[],
  results: Result[],
  pending: Pending[],
): Promise<void> {
  const rows = items.map(({ op, i }) => {
    if (op.kind !== 'timeseries') throw new Error('not a time-series op');
    return {
      i,
      urn: op.urn,
      entityType: op.entityType,
      aspect: op.aspect,
      ts: op.timestampMillis,
      value: op.value,
      time: op.created.time,
      actor: op.created.actor,
      sm: op.systemMetadata,
    };
  });
  const res = await tx.run<{ i: number; prev: string | null }>(
    `UNWIND $rows AS r
     MERGE (t:TimeseriesValue {urn: r.urn, aspect: r.aspect, timestampMillis: r.ts})
     WITH t, r, t.value AS prev
     SET t.entityType = r.entityType, t.value = r.value, t.createdTime = r.time, t.createdActor = r.actor, t.systemMetadata = r.sm
     RETURN r.i AS i, prev`,
    { rows },
  );
  for (const rec of res.records) {
    const i = rec.get('i');
    const x = items.find((y) => y.i === i);
    if (!x || x.op.kind !== 'timeseries') continue;
    const prev = rec.get('prev');
    if (prev === x.op.value) continue;
    (results[i] as Result).changed = true;
    pending.push({
      urn: x.op.urn,
      entityType: x.op.entityType,
      aspect: x.op.aspect,
      changeType: 'UPSERT',
      previousValue: prev,
      newValue: x.op.value,
      created: x.op.created,
      runId: runId(x.op.systemMetadata),
    });
  }
}

export { runId };
