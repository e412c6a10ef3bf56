import type { AddedWrites, ApplyResult, EntityRow, InTransaction, TxView, WriteOp } from '../store/index.js';

/** One aspect value a write is about to store: where it goes, and the value (valid against its schema). */
export interface AspectValue {
  readonly urn: string;
  readonly entityType: string;
  readonly aspect: string;
  readonly value: Readonly<Record<string, unknown>>;
}

/** What a hook's preparation made of a batch, and what it does once the batch committed. */
export interface PreparedWrite {
  /** The ops it was given, each in its place (replaced or not), then any it adds. */
  readonly ops: readonly WriteOp[];
  /** After the commit: starts the background tasks the write calls for, and returns their ids. */
  after?(result: ApplyResult): Promise<readonly string[]>;
}

/** The kinds of write the one write path commits: proposals, a run's rollback, a range of time series deleted. */
export type WriteKind = 'ingest' | 'rollback' | 'timeseries_delete';

/** A write that committed: its kind, and what the store did (per op, and the change log). */
export interface CommittedWrite {
  readonly kind: WriteKind;
  readonly result: ApplyResult;
}

/**
 * A check or side effect of every write, registered with the one write path (`IngestService`) in one
 * list (`writeHooks`, src/services/index.ts) that gives their order. A hook has a name and any of
 * these steps, each run for every hook in the list's order:
 *
 * 0. `complete`: each aspect value the batch is to write, where the value is made (a proposal built, or
 *    a read-modify-write resolved inside the transaction; a rollback's restored values too), before any
 *    check: returns the value to store instead, or undefined to keep it (DataHub's mutation hooks, e.g.
 *    `ownership.ownerTypes` computed from the owners). Pure; what it returns must be valid for the aspect.
 * 1. `check`: each aspect value the batch is to write, where the value is made, as completed. Pure:
 *    throws a domain error (ValidationError...) to refuse the whole batch.
 * 2. `prepare`: before the transaction, may read the store and replace ops (e.g. turn an upsert into a
 *    read-modify-write checked under the entity's lock) or add ops; may return an `after` step.
 * 3. `inTransaction`: inside the write transaction, before it writes, with the store's view through
 *    that transaction: returns aspects to add to the same batch, committed with it or not at all. The
 *    transaction may be run again after a transient failure, so this step does nothing but read.
 * 4. `after` (from `prepare`): after the commit, starts background tasks; their ids go to the caller.
 * 5. `committed`: after every commit of the write path, whatever its kind (a rollback and a range
 *    delete too, which have no other step): observes what it did (the service's metrics). It cannot
 *    fail the write: a failure is logged.
 *
 * No service imports another to hook into a write: a module exports its hook, and the list registers it.
 */
export interface WriteHook {
  readonly name: string;
  complete?(value: AspectValue): Readonly<Record<string, unknown>> | undefined;
  check?(value: AspectValue): void;
  prepare?(ops: readonly WriteOp[]): Promise<PreparedWrite>;
  inTransaction?(ops: readonly WriteOp[], view: TxView): Promise<AddedWrites | undefined>;
  committed?(write: CommittedWrite): void;
}

/** What the write path does to each aspect value it makes: the value to store, completed and checked. */
export type ValueSteps = (value: AspectValue) => Readonly<Record<string, unknown>>;

/** The complete steps, then the check steps, of the hooks as one function (undefined when none has one). */
export function valueSteps(hooks: readonly WriteHook[]): ValueSteps | undefined {
  const completes = hooks.flatMap((h) => (h.complete ? [h.complete.bind(h)] : []));
  const checks = hooks.flatMap((h) => (h.check ? [h.check.bind(h)] : []));
  if (!completes.length && !checks.length) return undefined;
  return (value) => {
    let current = value;
    for (const complete of completes) {
      const next = complete(current);
      if (next) current = { ...current, value: next };
    }
    for (const check of checks) check(current);
    return current.value;
  };
}

/** A batch prepared by every hook: its ops, the step to run inside its transaction, and the after step. */
export interface HookedWrite {
  readonly ops: readonly WriteOp[];
  readonly inTransaction: InTransaction | undefined;
  after(result: ApplyResult): Promise<string[]>;
}

/** Runs the hooks' preparations in order, each on the ops the one before it left. */
export async function prepareWrite(
  hooks: readonly WriteHook[],
  ops: readonly WriteOp[],
): Promise<HookedWrite> {
  let current = ops;
  const afters: ((result: ApplyResult) => Promise<readonly string[]>)[] = [];
  for (const hook of hooks) {
    if (!hook.prepare) continue;
    const prepared = await hook.prepare(current);
    if (prepared.ops.length < current.length)
      throw new Error(`Write hook ${hook.name} dropped operations of the batch it prepared`);
    current = prepared.ops;
    if (prepared.after) afters.push(prepared.after.bind(prepared));
  }
  const batch = current;
  const during = hooks.filter((h) => h.inTransaction);
  return {
    ops: batch,
    inTransaction: during.length
      ? async (view) => {
          // Built anew at each run: a retried transaction starts from the batch again.
          const entities: EntityRow[] = [];
          const added: WriteOp[] = [];
          for (const hook of during) {
            const more = await hook.inTransaction?.([...batch, ...added], view);
            if (!more) continue;
            entities.push(...(more.entities ?? []));
            added.push(...more.ops);
          }
          return { entities, ops: added };
        }
      : undefined,
    async after(result) {
      const ids: string[] = [];
      for (const after of afters) ids.push(...(await after(result)));
      return ids;
    },
  };
}
