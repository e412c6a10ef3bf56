import type { EntitySpec, Registry } from '../registry/index.js';
import type { AddedWrites, EntityRow, StoredAspect, TxView, WriteOp } from '../store/index.js';
import { schemaFieldUrn } from '../urn/index.js';
import { entityRowOf, upsertOp } from './build-ops.js';
import { changeEvents } from './changes/index.js';
import { clearedProjections } from './projections.js';
import type { WriteHook } from './write-hooks.js';

const DATASET = 'dataset';
const SCHEMA = 'schemaMetadata';
const STATUS = 'status';
const FIELD = 'schemaField';
const ALIASES = 'schemaFieldAliases';

type Json = Record<string, unknown>;
type Field = Json & { readonly fieldPath: string };
type Write = Extract<WriteOp, { kind: 'upsert' | 'deleteAspect' | 'deleteEntity' | 'compute' }>;
type OpBase = Pick<Write, 'urn' | 'entityType' | 'created' | 'systemMetadata'>;

/** What one batch does to a dataset's schema and status, in op order; `undefined`: untouched. */
interface DatasetChange {
  /** The schema stored before the batch (read through the transaction). */
  readonly stored: Json | undefined;
  readonly storedStatus: Json | undefined;
  /** The schema after the batch: a value, or null when deleted (with the entity or alone). */
  schema?: Json | null;
  status?: Json | null;
  /** The op whose stamp and system metadata the field writes carry (the dataset's last one). */
  source: Write;
}

const fieldsOf = (schema: Json | null | undefined): Field[] =>
  ((schema?.fields ?? []) as Field[]).filter((f) => typeof f?.fieldPath === 'string');

/** JSON with the keys of every object sorted: two values equal as records print the same. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );

const V2 = '[version=2.0]';
/** A field path as DataHub downgrades a v2 path: without the version and the `[...]` parts. */
const downgrade = (path: string): string =>
  path.startsWith(V2)
    ? path
        .slice(V2.length)
        .split('.')
        .filter((c) => c && !(c.startsWith('[') && c.endsWith(']')))
        .join('.')
    : path;

/**
 * The aliases of a field in a schema, as DataHub computes them: the URNs of every field of the schema
 * whose downgraded path is the field's, and the URN of that downgraded path (none when no field matches).
 */
function aliasesOf(dataset: string, schema: Json | null | undefined, field: Field): string[] {
  const simple = downgrade(field.fieldPath);
  const out = new Set<string>();
  for (const f of fieldsOf(schema))
    if (downgrade(f.fieldPath) === simple) out.add(schemaFieldUrn(dataset, f.fieldPath));
  if (out.size) out.add(schemaFieldUrn(dataset, simple));
  return [...out].sort();
}

/**
 * DataHub's schema-field side effect (its `SchemaFieldSideEffect`), as a write hook whose writes join
 * the dataset's batch, in its transaction (docs/decisions/0053). For each dataset the batch writes:
 * - `schemaMetadata` written: each field new to the schema (or changed) becomes a `schemaField` entity
 *   (`urn:li:schemaField:(<dataset>,<fieldPath>)`, its key aspect); every field whose aliases changed
 *   gets `schemaFieldAliases`; when the dataset has a `status`, every field gets a copy of it; each field
 *   the schema lost (a removal as the schema's change events name it, not a rename) gets
 *   `status.removed = true`.
 * - `status` written alone: copied onto every field of the stored schema; `status` deleted: deleted
 *   from every field.
 * - `schemaMetadata` deleted, or the dataset hard deleted: its fields' entities are deleted.
 * All from one read of the datasets' stored schema and status; other batches pass through untouched.
 */
export class SchemaFieldEntities implements WriteHook {
  readonly name = 'schema-field entities';

  constructor(private readonly registry: Registry) {}

  async inTransaction(ops: readonly WriteOp[], view: TxView): Promise<AddedWrites | undefined> {
    const touching = ops.filter(
      (o): o is Write =>
        o.entityType === DATASET &&
        (o.kind === 'deleteEntity' ||
          ((o.kind === 'upsert' || o.kind === 'deleteAspect' || o.kind === 'compute') &&
            (o.aspect === SCHEMA || o.aspect === STATUS))),
    );
    if (!touching.length) return undefined;
    const urns = [...new Set(touching.map((o) => o.urn))];
    const stored = new Map<string, Map<string, StoredAspect>>();
    for (const a of await view.latest(urns, [SCHEMA, STATUS])) {
      const m = stored.get(a.urn) ?? new Map<string, StoredAspect>();
      m.set(a.name, a);
      stored.set(a.urn, m);
    }
    const changes = new Map<string, DatasetChange>();
    for (const op of touching) {
      let c = changes.get(op.urn);
      if (!c) {
        const s = stored.get(op.urn);
        const parse = (name: string): Json | undefined => {
          const v = s?.get(name)?.value;
          return v === undefined ? undefined : (JSON.parse(v) as Json);
        };
        c = { stored: parse(SCHEMA), storedStatus: parse(STATUS), source: op };
        changes.set(op.urn, c);
      }
      apply(c, op);
    }
    const out = new FieldWrites(this.registry);
    for (const [dataset, c] of changes) fieldWrites(dataset, c, out);
    return out.result();
  }
}

/** Folds one op into what the batch does to its dataset (a read-modify-write dry-run on the value so far). */
function apply(c: DatasetChange, op: Write): void {
  c.source = op;
  if (op.kind === 'deleteEntity') {
    c.schema = null;
    c.status = null;
    return;
  }
  const current = op.aspect === SCHEMA ? c.schema : c.status;
  const before = current === undefined ? (op.aspect === SCHEMA ? c.stored : c.storedStatus) : current;
  let next: Json | null | undefined;
  if (op.kind === 'upsert') next = JSON.parse(op.value) as Json;
  else if (op.kind === 'deleteAspect') next = null;
  else {
    try {
      const r = op.resolve(before ? JSON.stringify(before) : undefined);
      if (!r) return;
      next = r.kind === 'upsert' ? (JSON.parse(r.value) as Json) : null;
    } catch {
      return; // The real run, under the lock, reports it (and the batch writes nothing).
    }
  }
  if (op.aspect === SCHEMA) c.schema = next;
  else c.status = next;
}

function fieldWrites(dataset: string, c: DatasetChange, out: FieldWrites): void {
  const status = c.status === undefined ? c.storedStatus : c.status;
  const src = c.source;
  if (c.schema === null) {
    // The schema went (alone or with its dataset): so do its fields' entities.
    if (c.stored) for (const f of fieldsOf(c.stored)) out.remove(schemaFieldUrn(dataset, f.fieldPath), src);
    return;
  }
  if (c.schema !== undefined) {
    const prev = c.stored;
    const cur = c.schema;
    const prevFields = new Set(fieldsOf(prev).map(canonical));
    const sameFields = prev !== undefined && canonical(fieldsOf(prev)) === canonical(fieldsOf(cur));
    for (const f of fieldsOf(cur)) {
      const urn = schemaFieldUrn(dataset, f.fieldPath);
      if (!prevFields.has(canonical(f))) out.ensure(urn, src);
      if (!sameFields) {
        const aliases = aliasesOf(dataset, cur, f);
        if (canonical(aliases) !== canonical(aliasesOf(dataset, prev, f)))
          out.upsert(urn, ALIASES, { aliases }, src);
      }
      if (status) out.upsert(urn, STATUS, { removed: status.removed === true }, src);
      else if (c.status === null) out.deleteAspect(urn, STATUS, src);
    }
    if (prev)
      for (const e of changeEvents(SCHEMA, 'datasetKey', prev, cur, dataset))
        if (e.category === 'TECHNICAL_SCHEMA' && e.operation === 'REMOVE' && e.modifier)
          out.upsert(e.modifier, STATUS, { removed: true }, src);
    return;
  }
  // Only the status changed: onto every field of the stored schema.
  if (c.status === undefined) return;
  for (const f of fieldsOf(c.stored)) {
    const urn = schemaFieldUrn(dataset, f.fieldPath);
    if (c.status === null) out.deleteAspect(urn, STATUS, src);
    else out.upsert(urn, STATUS, { removed: c.status.removed === true }, src);
  }
}

/** The writes to schema-field entities, one per (URN, aspect), with the rows of their entities. */
class FieldWrites {
  private readonly ops = new Map<string, WriteOp>();
  private readonly entities = new Map<string, EntityRow>();
  private readonly keyOnly = new Map<string, Write>();
  private readonly field: EntitySpec;

  constructor(private readonly registry: Registry) {
    this.field = registry.entity(FIELD);
  }

  /** The op base of a field's write, its entity row noted; undefined for a path no URN can hold. */
  private base(urn: string, src: Write): OpBase | undefined {
    if (!this.entities.has(urn)) {
      let row: EntityRow;
      try {
        row = entityRowOf(this.registry, this.registry.parseEntityUrn(urn), src.created, src.systemMetadata);
      } catch {
        return undefined; // A field path DataHub's URN could not hold either: no entity for it.
      }
      this.entities.set(urn, row);
    }
    return { urn, entityType: this.field.name, created: src.created, systemMetadata: src.systemMetadata };
  }

  /** The entity exists after the batch (its key aspect written when new). */
  ensure(urn: string, src: Write): void {
    if (this.base(urn, src)) this.keyOnly.set(urn, src);
  }

  upsert(urn: string, aspect: string, value: Json, src: Write): void {
    const base = this.base(urn, src);
    if (!base) return;
    const spec = this.registry.aspectOf(this.field, aspect);
    this.ops.set(`${urn}\u0000${aspect}`, upsertOp(this.registry, spec, base, value, true));
  }

  deleteAspect(urn: string, aspect: string, src: Write): void {
    const base = this.base(urn, src);
    if (base)
      this.ops.set(`${urn}\u0000${aspect}`, {
        ...base,
        kind: 'deleteAspect',
        aspect,
        projections: clearedProjections(aspect),
      });
  }

  remove(urn: string, src: Write): void {
    const base = this.base(urn, src);
    if (base) this.ops.set(`${urn}\u0000*`, { ...base, kind: 'deleteEntity' });
  }

  result(): AddedWrites | undefined {
    const written = new Set([...this.ops.values()].map((o) => o.urn));
    const key = this.registry.keyAspectOf(this.field);
    // The key aspect is written only for an entity nothing else is written to (DataHub's way too).
    for (const [urn, src] of this.keyOnly) {
      const row = this.entities.get(urn);
      const base = this.base(urn, src);
      if (written.has(urn) || !row || !base) continue;
      this.ops.set(
        `${urn}\u0000${key.name}`,
        upsertOp(this.registry, key, base, JSON.parse(row.keyValue), true),
      );
    }
    if (!this.ops.size) return undefined;
    return { entities: [...this.entities.values()], ops: [...this.ops.values()] };
  }
}
