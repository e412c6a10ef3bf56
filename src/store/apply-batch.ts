import {
  defaultedJson,
  firstValueSystemMetadata,
  rowParams,
  runId,
  STORED_SYSTEM_METADATA,
  type OpResult,
  type PendingChange,
  unwindRows,
} from './batch-util.js';
import { appendChangeLog } from './append-change-log.js';
import { applyDeletes } from './apply-deletes.js';
import { applyReverts } from './apply-reverts.js';
import { applyTimeseries } from './apply-timeseries.js';
import type { Tx } from './executor.js';
import { lockEntities } from './lock-entities.js';
import { Pipeline, type Sink } from './pipeline.js';
import { readLatest } from './read-aspects.js';
import { readSources } from './read-relationships.js';
import { replaceEdges } from './replace-edges.js';
import { resolveComputed, rounds } from './rounds.js';
import type { ApplyResult, EntityRow, InTransaction, UpsertOp, WriteBatch } from './types.js';

/**
 * The batch with the writes `during` adds: run first in the transaction, with a view that reads through
 * it, before anything is locked or written. Its ops go after the batch's; its entities join the batch's
 * (each URN once), so that all are locked together in URN order.
 */
export async function withAdded(tx: Tx, batch: WriteBatch, during?: InTransaction): Promise<WriteBatch> {
  if (!during) return batch;
  const added = await during({
    latest: (urns, names) => readLatest(tx, urns, names),
    sources: (urn, type, aspect) => readSources(tx, urn, type, aspect),
  });
  if (!added || (!added.ops.length && !added.entities?.length)) return batch;
  const entities = new Map<string, EntityRow>(batch.entities.map((e) => [e.urn, e]));
  for (const e of added.entities ?? []) if (!entities.has(e.urn)) entities.set(e.urn, e);
  return { ...batch, entities: [...entities.values()], ops: [...batch.ops, ...added.ops] };
}

/**
 * Applies one batch of validated write operations inside one transaction: entity locks first (in URN
 * order), key aspects for new entities, versioned upserts (aspects of entities new in this batch are
 * created without a lookup), edges, time-series values, deletes, and the change log last, so that
 * change-log sequence numbers follow commit order.
 */
export async function applyBatch(tx: Tx, whole: WriteBatch, now: number): Promise<ApplyResult> {
  // Statements whose results are not read (new aspects, edges, projections) are sent without waiting.
  const pipe = new Pipeline(tx);
  try {
    const result = await applyIn(tx, pipe, whole, now);
    await pipe.settle();
    return result;
  } catch (err) {
    throw (await pipe.failure()) ?? err;
  }
}

async function applyIn(tx: Tx, pipe: Sink, whole: WriteBatch, now: number): Promise<ApplyResult> {
  const pending: PendingChange[] = [];
  const results: OpResult[] = whole.ops.map(() => ({ changed: false, rows: 0, timeseriesRows: 0 }));
  const keep = whole.existingOnly ? await lockExisting(tx, whole, now) : undefined;
  const batch = keep ? { ...whole, entities: whole.entities.filter((e) => keep.has(e.urn)) } : whole;

  const created = await lockEntities(tx, batch, now, pending);
  // (urn, aspect) pairs that may already hold a value: all but the non-key aspects of entities created
  // by this batch, until this batch writes them.
  const keyAspects = new Map(batch.entities.map((e) => [e.urn, e.keyAspect]));
  const written = new Set<string>();
  const absent = (urn: string, aspect: string): boolean =>
    created.has(urn) && !written.has(`${urn}\u0000${aspect}`) && keyAspects.get(urn) !== aspect;
  const fresh = (op: UpsertOp): boolean => {
    const isFresh = absent(op.urn, op.aspect);
    written.add(`${op.urn}\u0000${op.aspect}`);
    return isFresh;
  };

  // Operations run in rounds so that no round touches one (urn, aspect) twice; order is kept.
  const all = [...rounds(batch.ops)].map((round) => (keep ? round.filter((x) => keep.has(x.op.urn)) : round));
  for (const [r, raw] of all.entries()) {
    const round = await resolveComputed(tx, raw, absent);
    const upserts = round.filter((x): x is { op: UpsertOp; i: number } => x.op.kind === 'upsert');
    if (upserts.length) {
      // Projections of plain upserts were set with the entity lock; those of read-modify-writes are set here.
      const computed = upserts.filter((x) => batch.ops[x.i]?.kind === 'compute');
      await applyUpserts({ tx, pipe }, upserts, computed, fresh, now, results, pending);
    }
    const timeseries = round.filter((x) => x.op.kind === 'timeseries');
    if (timeseries.length) await applyTimeseries(tx, timeseries, results, pending);
    const reverts = round.filter((x) => x.op.kind === 'revert');
    if (reverts.length) await applyReverts({ tx, items: reverts, results, pending, now });
    const deletes = round.filter(
      (x) => x.op.kind !== 'upsert' && x.op.kind !== 'timeseries' && x.op.kind !== 'revert',
    );
    if (deletes.length) {
      await applyDeletes({ tx, items: deletes, results, pending, now });
      const gone = new Set(deletes.filter((x) => x.op.kind === 'deleteEntity').map((x) => x.op.urn));
      if (gone.size) {
        // Entities hard deleted in this round and written again in a later one are created anew.
        for (const urn of gone) created.delete(urn);
        const ops = all.slice(r + 1).flatMap((later) => later.map((x) => x.op));
        const entities = batch.entities.filter((e) => gone.has(e.urn));
        for (const urn of await lockEntities(tx, { entities, ops }, now, pending)) created.add(urn);
      }
    }
  }

  const changeLog = await appendChangeLog(tx, pending, now, batch.traceId);
  return { results, changeLog };
}

/**
 * For a batch that writes only to existing entities: locks those that exist (in URN order), so that
 * none is deleted before this transaction commits, and returns them; the ops of the others are skipped.
 */
async function lockExisting(tx: Tx, batch: WriteBatch, now: number): Promise<Set<string>> {
  const urns = [...new Set(batch.entities.map((e) => e.urn))].sort();
  const res = await tx.run<{ urn: string }>(
    `UNWIND $urns AS u MATCH (n:Entity {urn: u}) WHERE n.hasKey SET n.lockedAt = $now RETURN u AS urn`,
    { urns, now },
  );
  return new Set(res.records.map((r) => r.get('urn')));
}

/** The fields of an upsert's row sent as lists of strings beside its JSON (`rowParams`). */
const TEXTS = ['value', 'sm'];

async function applyUpserts(
  { tx, pipe }: { tx: Tx; pipe: Sink },
  items: { op: UpsertOp; i: number }[],
  project: { op: UpsertOp; i: number }[],
  fresh: (op: UpsertOp) => boolean,
  now: number,
  results: OpResult[],
  pending: PendingChange[],
): Promise<void> {
  // The rows' JSON texts (value, system metadata) go beside them as lists of strings (`rowParams`).
  const row = ({ op, i }: { op: UpsertOp; i: number }) => ({
    i,
    urn: op.urn,
    aspect: op.aspect,
    defaulted: defaultedJson(op.defaulted),
    time: op.created.time,
    actor: op.created.actor,
    runId: runId(op.systemMetadata),
  });
  const params = (items: readonly { op: UpsertOp; i: number }[], first = false) =>
    rowParams(
      'rows',
      items.map(row),
      {
        value: items.map((x) => x.op.value),
        sm: items.map((x) => (first ? firstValueSystemMetadata(x.op.systemMetadata) : x.op.systemMetadata)),
      },
      items.map((x) => x.op.aspect),
    );
  const isFresh = new Set(items.filter((x) => fresh(x.op)).map((x) => x.i));
  const changed = new Map<
    number,
    { prev: string | null; psm: string | null; pd: string | null; sm: string }
  >();
  // Aspects of entities this batch created cannot exist yet: created without a lookup.
  const created = items.filter((x) => isFresh.has(x.i));
  if (created.length) {
    const sent = params(created, true);
    await pipe.run(
      `${unwindRows('rows', TEXTS, 'r')}
       CREATE (:Aspect {urn: r.urn, name: r.aspect, version: 0, maxVersion: 0, value: r.value, defaulted: r.defaulted,
                        createdTime: r.time, createdActor: r.actor, systemMetadata: r.sm, runId: r.runId})`,
      sent,
    );
    const sms = sent.rows_sm as readonly string[];
    created.forEach((x, k) => changed.set(x.i, { prev: null, psm: null, pd: null, sm: sms[k] as string }));
  }
  const rows = items.filter((x) => !isFresh.has(x.i));
  const res = !rows.length
    ? { records: [] }
    : await tx.run<{ i: number; prev: string | null; psm: string | null; pd: string | null; sm: string }>(
        `${unwindRows('rows', TEXTS, 'r')}
     MERGE (a:Aspect {urn: r.urn, name: r.aspect})
     WITH a, r, a.value AS prev, coalesce(a.maxVersion, 0) AS mv, a.createdTime AS pt, a.createdActor AS pa,
          a.systemMetadata AS psm, a.runId AS prun, a.defaulted AS pd
     FOREACH (_ IN CASE WHEN prev IS NOT NULL AND prev <> r.value THEN [1] ELSE [] END |
       CREATE (:AspectVersion {urn: r.urn, name: r.aspect, version: mv + 1, value: prev, defaulted: pd,
                               createdTime: pt, createdActor: pa, systemMetadata: psm}))
     // A write that changes nothing keeps the run that wrote the value (DataHub's runId), and names
     // itself the last run that saw it (lastRunId).
     WITH a, r, prev, mv, pt, pa, psm, pd, prun, prev = r.value AND prun IS NOT NULL AND prun <> r.runId AS seen,
          apoc.convert.fromJsonMap(r.sm) AS nsm, apoc.convert.fromJsonMap(coalesce(psm, '{}')) AS osm
     SET a.version = 0,
         a.maxVersion = CASE WHEN prev IS NULL OR prev = r.value THEN mv ELSE mv + 1 END,
         a.value = r.value,
         a.defaulted = r.defaulted,
         a.createdTime = CASE WHEN prev = r.value THEN pt ELSE r.time END,
         a.createdActor = CASE WHEN prev = r.value THEN pa ELSE r.actor END,
         a.systemMetadata = ${STORED_SYSTEM_METADATA},
         a.runId = CASE WHEN seen THEN prun ELSE r.runId END
     RETURN r.i AS i, prev, CASE WHEN prev = r.value THEN null ELSE psm END AS psm, pd, a.systemMetadata AS sm`,
        params(rows),
      );
  const projected = project.filter((x) => Object.keys(x.op.projections).length > 0);
  if (projected.length) {
    await pipe.run('UNWIND $rows AS r MATCH (n:Entity {urn: r.urn}) SET n += r.props', {
      rows: projected.map((x) => ({ urn: x.op.urn, props: x.op.projections })),
    });
  }
  const opAt = new Map(items.map((x) => [x.i, x.op]));
  for (const rec of res.records) {
    const i = rec.get('i');
    const prev = rec.get('prev');
    const op = opAt.get(i) as UpsertOp;
    if (prev === op.value) continue;
    changed.set(i, { prev, psm: rec.get('psm'), pd: rec.get('pd'), sm: rec.get('sm') });
  }
  const changedOps = items.filter((x) => changed.has(x.i));
  if (!changedOps.length) return;
  await replaceEdges(
    pipe,
    changedOps.map((x) => ({ op: x.op, existed: changed.get(x.i)?.prev != null })),
    now,
  );
  for (const { op, i } of changedOps) {
    (results[i] as OpResult).changed = true;
    const was = changed.get(i);
    pending.push({
      urn: op.urn,
      entityType: op.entityType,
      aspect: op.aspect,
      changeType: 'UPSERT',
      previousValue: was?.prev ?? null,
      newValue: op.value,
      created: op.created,
      runId: runId(op.systemMetadata),
      systemMetadata: was?.sm ?? op.systemMetadata,
      previousSystemMetadata: was?.psm ?? null,
      defaulted: defaultedJson(op.defaulted),
      previousDefaulted: was?.prev == null ? null : was.pd,
    });
  }
}
