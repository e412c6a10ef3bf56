import { ValidationError } from '../../errors/index.js';
import type { AuditStamp, EntityStore, UpsertOp, WriteOp } from '../../store/index.js';
import type { PreparedWrite, WriteHook } from '../write-hooks.js';
import { dataTypesNamed, knownDataTypes } from './data-types.js';
import { checkDefinition, checkEvolution, valueKey, type PropertyDefinition } from './definition-rules.js';
import { loadStates } from './states.js';
import { checkAssignments, isRetired, type Assignment, type PropertyState } from './value-rules.js';

/** Starts background tasks (the operations service). */
export interface TaskLauncher {
  start(type: string, params: Record<string, unknown>): Promise<string>;
}

/** Removes a structured property's values from every entity (all, or those set before `before`). */
export const VALUE_CLEANUP_TASK = 'structuredPropertyValueCleanup';
export interface ValueCleanupParams {
  readonly propertyUrn: string;
  /** Only values assigned before this time (a new definition version); all values when absent. */
  readonly before?: number | undefined;
  readonly actor: string;
}

const VALUES = 'structuredProperties';
const DEFINITION = 'propertyDefinition';
const PROPERTY = 'structuredProperty';

const isWrite = (op: WriteOp): op is Extract<WriteOp, { kind: 'upsert' | 'compute' }> =>
  op.kind === 'upsert' || op.kind === 'compute';
const parse = <T>(json: string | undefined): T | undefined =>
  json === undefined ? undefined : (JSON.parse(json) as T);

/**
 * The structured-property rules of the one write path (a write hook): definitions are checked on their
 * own and against the current one (breaking changes need a new version; soft-deleted properties cannot be
 * redefined); values are checked against their definitions (type, cardinality, allowed values, entity
 * types), their property must exist (the target entity is created by the write when new), and each changed assignment gets its AuditStamps.
 * A new version or a hard delete starts a task (through `tasks`, after the commit) that removes the
 * retired values through the write path.
 */
export class StructuredPropertyRules implements WriteHook {
  readonly name = 'structured-property rules';

  /**
   * `isKind` tells whether the model has an entity kind of a name (the registry's): the entity types a
   * definition names must be kinds that exist.
   */
  constructor(
    private readonly store: EntityStore,
    private readonly tasks: TaskLauncher,
    private readonly isKind?: (name: string) => boolean,
  ) {}

  async prepare(ops: readonly WriteOp[]): Promise<PreparedWrite> {
    const valueOps = ops.filter((o) => isWrite(o) && o.aspect === VALUES);
    const defOps = ops.filter((o) => isWrite(o) && o.entityType === PROPERTY && o.aspect === DEFINITION);
    const deletes = ops.filter((o) => o.kind === 'deleteEntity' && o.entityType === PROPERTY);
    if (!valueOps.length && !defOps.length && !deletes.length) return { ops };

    // Which properties the value writes will touch: a dry run of the computed ones on the current values.
    const targets = [...new Set(valueOps.map((o) => o.urn))];
    const current = new Map(
      (targets.length ? await this.store.latest(targets, [VALUES]) : []).map((a) => [a.urn, a.value]),
    );
    const mentioned = new Set<string>();
    const collect = (json: string | undefined): void => {
      for (const a of parse<{ properties?: Assignment[] }>(json)?.properties ?? [])
        mentioned.add(a.propertyUrn);
    };
    for (const op of valueOps) {
      collect(current.get(op.urn));
      if (op.kind === 'upsert') collect(op.value);
      else if (op.kind === 'compute') {
        try {
          const r = op.resolve(current.get(op.urn));
          if (r?.kind === 'upsert') collect(r.value);
        } catch {
          // The real run inside the transaction reports it.
        }
      }
    }
    const namedTypes = dataTypesNamed(defOps);
    const states = await loadStates(this.store, [...mentioned, ...defOps.map((o) => o.urn), ...namedTypes]);
    const dataTypes = knownDataTypes(namedTypes, ops, states);
    const effects = new Map<string, ValueCleanupParams>();

    const adapted = ops.map((op): WriteOp => {
      if (!isWrite(op)) return op;
      // An entity that does not exist yet is created by this write, as by its first write of any aspect.
      if (op.aspect === VALUES) return wrap(op, (up, cur) => checkValues(up, cur, states));
      if (op.entityType === PROPERTY && op.aspect === DEFINITION)
        return wrap(op, (up, cur) => checkNewDefinition(up, cur, states, effects, dataTypes, this.isKind));
      return op;
    });

    return {
      ops: adapted,
      after: async (result) => {
        ops.forEach((op, i) => {
          const r = result.results[i];
          if (op.kind === 'deleteEntity' && op.entityType === PROPERTY && r && (r.changed || r.rows > 0))
            effects.set(op.urn, { propertyUrn: op.urn, actor: op.created.actor });
        });
        if (!effects.size) return [];
        const ids: string[] = [];
        for (const params of effects.values())
          ids.push(await this.tasks.start(VALUE_CLEANUP_TASK, { ...params }));
        return ids;
      },
    };
  }
}

/** Turns a write of the aspect into a read-modify-write whose result passes through `check`. */
function wrap(
  op: Extract<WriteOp, { kind: 'upsert' | 'compute' }>,
  check: (op: UpsertOp, current: string | undefined) => UpsertOp,
): WriteOp {
  if (op.kind === 'upsert') return { ...op, kind: 'compute', resolve: (cur) => check(op, cur) };
  const inner = op.resolve;
  return {
    ...op,
    resolve: (cur, revision) => {
      const r = inner(cur, revision);
      return r?.kind === 'upsert' ? check(r, cur) : r;
    },
  };
}

function checkValues(
  op: UpsertOp,
  current: string | undefined,
  states: Map<string, PropertyState>,
): UpsertOp {
  const next = JSON.parse(op.value) as { properties: Assignment[] } & Record<string, unknown>;
  const before = new Map(
    (parse<{ properties: Assignment[] }>(current)?.properties ?? []).map((a) => [a.propertyUrn, a]),
  );
  const seen = new Set<string>();
  const changed: { index: number; assignment: Assignment; previous: Assignment | undefined }[] = [];
  const stamp: AuditStamp = { time: op.created.time, actor: op.created.actor };
  const properties: Assignment[] = [];
  next.properties.forEach((a, index) => {
    if (seen.has(a.propertyUrn))
      throw new ValidationError(`Structured property ${a.propertyUrn} is given twice for ${op.urn}`, [
        { path: `/properties/${index}`, message: 'duplicate propertyUrn' },
      ]);
    seen.add(a.propertyUrn);
    const state = states.get(a.propertyUrn);
    const prev = before.get(a.propertyUrn);
    const live = prev && state?.exists && !isRetired(prev, state) ? prev : undefined;
    // Values of a soft-deleted property are kept when passed through untouched, but never set anew.
    const kept = live && (!state?.removed || valueKey(prev) === valueKey(a));
    if (kept && valueKey(live.values) === valueKey(a.values)) {
      properties.push({
        ...a,
        created: live.created ?? a.created,
        lastModified: live.lastModified ?? a.lastModified,
      });
      return;
    }
    // An entry passed through unchanged (stamps and all) whose version is retired or whose property is
    // gone is dropped: it is no longer shown, and the cleanup task would remove it anyway.
    if (prev && !live && valueKey(prev) === valueKey(a)) return;
    if (!state)
      throw new ValidationError(
        `Structured property ${a.propertyUrn} changed while this write was prepared; retry`,
      );
    changed.push({ index, assignment: a, previous: live });
    properties.push({ ...a, created: live?.created ?? stamp, lastModified: stamp });
  });
  checkAssignments(op.urn, op.entityType, changed, states);
  return { ...op, value: JSON.stringify({ ...next, properties }) };
}

function checkNewDefinition(
  op: UpsertOp,
  current: string | undefined,
  states: Map<string, PropertyState>,
  effects: Map<string, ValueCleanupParams>,
  dataTypes: ReadonlySet<string>,
  isKind?: (name: string) => boolean,
): UpsertOp {
  const next = JSON.parse(op.value) as PropertyDefinition;
  checkDefinition(op.urn, next, dataTypes, isKind);
  if (states.get(op.urn)?.removed)
    throw new ValidationError(
      `Structured property ${op.urn} is soft-deleted: its definition cannot be updated (restore it first)`,
      [{ path: '/', message: 'property is soft-deleted' }],
    );
  const prev = parse<PropertyDefinition>(current);
  if (prev && !checkEvolution(op.urn, prev, next)) return op;
  if (prev) effects.set(op.urn, { propertyUrn: op.urn, before: op.created.time, actor: op.created.actor });
  // A new property (or one created again after a hard delete) starts with no values: leftovers are retired.
  return { ...op, projections: { ...op.projections, propertyVersionSince: op.created.time } };
}
