import { ValidationError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import type { AddedWrites, ComputeOp, EntityRow, TxView, UpsertOp, WriteOp } from '../store/index.js';
import { entityRowOf, upsertOp } from './build-ops.js';
import type { AspectValue, PreparedWrite, WriteHook } from './write-hooks.js';

const VERSION = 'versionProperties';
const SET = 'versionSetProperties';
/** The edge from a version to its set (`versionProperties.versionSet`), in DataHub's model. */
const VERSION_OF = 'VersionOf';

type Json = Record<string, unknown>;

/** The `versionSetProperties` ops this hook added (not the client's: no side effects of their own). */
const added = new WeakSet<WriteOp>();

const parse = (value: string | undefined): Json | undefined =>
  value === undefined ? undefined : (JSON.parse(value) as Json);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The entity type a version set's URN names: `urn:li:versionSet:(<id>,<entityType>)`. */
export function versionSetEntityType(setUrn: string): string | undefined {
  return /^urn:li:versionSet:\(.*,([^,()]+)\)$/.exec(setUrn)?.[1];
}

/** What the transaction step decided a version's `isLatest` is (undefined: keep the value as made). */
interface Decision {
  isLatest: boolean | undefined;
}

/** A version's write, wrapped by `prepare`: the op it wraps, and the decision it applies when resolved. */
interface Wrapped {
  readonly inner: UpsertOp | ComputeOp;
  readonly decision: Decision;
}

/** A version set's state as the batch goes: its latest version and that one's sort id. */
interface SetState {
  latest: string | undefined;
  latestSortId: string | undefined;
  scheme: string | undefined;
  /** The latest before the batch (its `isLatest` is turned off when another one takes over). */
  readonly before: string | undefined;
  readonly base: Base;
  changed: boolean;
}

interface Base {
  readonly created: UpsertOp['created'];
  readonly systemMetadata: string;
}

/**
 * DataHub's version sets, as its side effects compute them (VersionPropertiesSideEffect,
 * VersionSetSideEffect) and its versioning service unlinks a version, in the same transaction as the
 * write:
 * - a `versionProperties` written for an entity makes its version set (key and `versionSetProperties`
 *   with the version's scheme and itself as latest) when the set has none, or makes it the set's latest
 *   when its `sortId` is greater than the latest's (whose `isLatest` turns false); its own `isLatest` is
 *   computed (true when it is the set's latest, else false), whatever the client sent;
 * - a `versionSetProperties` written with another `latest` turns the previous latest's `isLatest` off and
 *   the new one's on (refused when the new latest is no version);
 * - deleting the latest version's `versionProperties` (or the entity) makes the version with the next
 *   lower `sortId` the latest, or deletes the version set when none is left.
 * Checks as DataHub's validators: the set's URN names the version's entity type, the version's scheme is
 * the set's, and a set's scheme does not change.
 */
export function versionSetsHook(registry: Registry): WriteHook {
  const wrapped = new WeakMap<WriteOp, Wrapped>();

  const rowOf = (urn: string, base: Base): EntityRow =>
    entityRowOf(registry, registry.parseEntityUrn(urn), base.created, base.systemMetadata);

  /** A read-modify-write of an entity's `isLatest` (nothing when it has no version properties). */
  const flip = (urn: string, isLatest: boolean, base: Base): ComputeOp => {
    const entity = registry.parseEntityUrn(urn).entity;
    const b = { urn, entityType: entity.name, ...base };
    return {
      ...b,
      kind: 'compute',
      aspect: VERSION,
      resolve: (current) => {
        const v = parse(current);
        if (!v || v.isLatest === isLatest) return null;
        return upsertOp(registry, registry.aspectOf(entity, VERSION), b, { ...v, isLatest }, true);
      },
    };
  };

  const setPropsOp = (setUrn: string, s: SetState): UpsertOp => {
    const entity = registry.parseEntityUrn(setUrn).entity;
    const value: Json = { latest: s.latest };
    if (s.scheme !== undefined) value.versioningScheme = s.scheme;
    return upsertOp(
      registry,
      registry.aspectOf(entity, SET),
      { urn: setUrn, entityType: entity.name, ...s.base },
      value,
    );
  };

  return {
    name: 'version sets',

    check(v: AspectValue) {
      if (v.aspect !== VERSION) return;
      const set = str(v.value.versionSet);
      const expected = set ? versionSetEntityType(set) : undefined;
      if (set && expected !== v.entityType)
        throw new ValidationError(
          `Version Set specified entity type does not match, expected type: ${expected ?? '(none)'}`,
          [{ path: '/versionSet', message: `${set} is not a version set of ${v.entityType} entities` }],
        );
    },

    prepare(ops: readonly WriteOp[]): Promise<PreparedWrite> {
      // Each version's write resolves with the `isLatest` the transaction step decides.
      const out = ops.map((op) => {
        if ((op.kind !== 'upsert' && op.kind !== 'compute') || op.aspect !== VERSION) return op;
        const decision: Decision = { isLatest: undefined };
        const inner = op;
        const resolve: ComputeOp['resolve'] = (current) => {
          const next = inner.kind === 'upsert' ? inner : inner.resolve(current);
          if (!next || next.kind !== 'upsert' || decision.isLatest === undefined) return next;
          const v = parse(next.value) as Json;
          if (v.isLatest === decision.isLatest) return next;
          return { ...next, value: JSON.stringify({ ...v, isLatest: decision.isLatest }) };
        };
        const wrapper: ComputeOp = { ...op, kind: 'compute', aspect: VERSION, resolve };
        wrapped.set(wrapper, { inner, decision });
        return wrapper;
      });
      return Promise.resolve({ ops: out });
    },

    async inTransaction(ops: readonly WriteOp[], view: TxView): Promise<AddedWrites | undefined> {
      const versions = ops.flatMap((op) => {
        const w = wrapped.get(op);
        return w ? [{ op, w }] : [];
      });
      const setWrites = ops.filter(
        (op): op is UpsertOp => op.kind === 'upsert' && op.aspect === SET && !added.has(op),
      );
      const deletes = ops.filter(
        (op) =>
          (op.kind === 'deleteAspect' && op.aspect === VERSION) ||
          (op.kind === 'deleteEntity' && !!registry.findEntity(op.entityType)?.aspects.includes(VERSION)),
      );
      if (!versions.length && !setWrites.length && !deletes.length) return undefined;

      // What the store holds now: the written and deleted versions' properties.
      const touched = [...new Set([...versions, ...deletes.map((op) => ({ op }))].map((x) => x.op.urn))];
      const current = new Map(
        (await view.latest(touched, [VERSION])).map((a) => [a.urn, parse(a.value) as Json]),
      );

      // The value each version's write makes (a read-modify-write previewed on what the store holds).
      const made = versions.flatMap(({ op, w }) => {
        w.decision.isLatest = undefined;
        let next: ReturnType<ComputeOp['resolve']>;
        try {
          const raw = current.get(op.urn);
          next =
            w.inner.kind === 'upsert'
              ? w.inner
              : w.inner.resolve(raw === undefined ? undefined : JSON.stringify(raw));
        } catch {
          return []; // the op refuses itself when resolved
        }
        if (!next || next.kind !== 'upsert') return [];
        const v = parse(next.value) as Json;
        const set = str(v.versionSet);
        return set ? [{ op, w, set, sortId: str(v.sortId) ?? '', scheme: str(v.versioningScheme) }] : [];
      });

      const deleted = deletes.flatMap((op) => {
        const v = current.get(op.urn);
        const set = str(v?.versionSet);
        return set ? [{ op, set, sortId: str(v?.sortId) ?? '' }] : [];
      });

      const setUrns = [
        ...new Set([
          ...made.map((m) => m.set),
          ...deleted.map((d) => d.set),
          ...setWrites.map((op) => op.urn),
        ]),
      ];
      const setProps = new Map(
        (await view.latest(setUrns, [SET])).map((a) => [a.urn, parse(a.value) as Json]),
      );
      const latestUrns = [...new Set([...setProps.values()].flatMap((p) => str(p.latest) ?? []))];
      const latestProps = new Map(
        (await view.latest(latestUrns, [VERSION])).map((a) => [a.urn, parse(a.value) as Json]),
      );

      const states = new Map<string, SetState>();
      const stateOf = (set: string, base: Base): SetState => {
        let s = states.get(set);
        if (!s) {
          const p = setProps.get(set);
          const latest = str(p?.latest);
          s = {
            latest,
            latestSortId: latest ? str(latestProps.get(latest)?.sortId) : undefined,
            scheme: str(p?.versioningScheme),
            before: latest,
            base,
            changed: false,
          };
          states.set(set, s);
        }
        return s;
      };

      const out: WriteOp[] = [];
      const entities: EntityRow[] = [];
      const baseOf = (op: WriteOp): Base => ({ created: op.created, systemMetadata: op.systemMetadata });

      // Versions written: each may become its set's latest (in batch order).
      for (const m of made) {
        const s = stateOf(m.set, baseOf(m.op));
        if (!setProps.has(m.set) && !s.changed) {
          s.scheme = m.scheme;
        } else if (s.scheme !== undefined && m.scheme !== undefined && s.scheme !== m.scheme) {
          throw new ValidationError(
            `Versioning Scheme does not match Version Set properties. Expected Scheme: ${s.scheme} Provided Scheme: ${m.scheme}`,
            [{ path: '/versioningScheme', message: `the version set ${m.set} uses ${s.scheme}` }],
          );
        }
        if (
          s.latest === undefined ||
          s.latest === m.op.urn ||
          s.latestSortId === undefined ||
          m.sortId > s.latestSortId
        ) {
          if (s.latest !== m.op.urn) s.changed = true;
          s.latest = m.op.urn;
          s.latestSortId = m.sortId;
        }
      }
      for (const m of made) m.w.decision.isLatest = states.get(m.set)?.latest === m.op.urn;

      // Versions unlinked (their properties or the entity deleted): the next lower one becomes the latest.
      const gone = new Set(deleted.map((d) => d.op.urn));
      for (const d of deleted) {
        const s = stateOf(d.set, baseOf(d.op));
        if (s.latest !== d.op.urn) continue;
        const others = (await view.sources(d.set, VERSION_OF, VERSION)).filter((u) => !gone.has(u));
        const props = await view.latest(others, [VERSION]);
        let next: { urn: string; sortId: string } | undefined;
        for (const a of props) {
          const sortId = str((parse(a.value) as Json).sortId) ?? '';
          if (sortId < d.sortId && (!next || sortId > next.sortId)) next = { urn: a.urn, sortId };
        }
        s.changed = true;
        s.latest = next?.urn;
        s.latestSortId = next?.sortId;
        if (next) {
          out.push(flip(next.urn, true, s.base));
          entities.push(rowOf(next.urn, s.base));
        }
      }

      // The sets whose latest changed: their properties, and the previous latest's `isLatest` off.
      const written = new Set(made.map((m) => m.op.urn));
      for (const [set, s] of states) {
        if (!s.changed) continue;
        if (s.latest === undefined) {
          // No version left: the version set goes (DataHub deletes its key aspect).
          const entity = registry.parseEntityUrn(set).entity;
          out.push({ urn: set, entityType: entity.name, ...s.base, kind: 'deleteEntity' });
          entities.push(rowOf(set, s.base));
          continue;
        }
        const op = setPropsOp(set, s);
        added.add(op);
        out.push(op);
        entities.push(rowOf(set, s.base));
        if (s.before && s.before !== s.latest && !written.has(s.before) && !gone.has(s.before)) {
          out.push(flip(s.before, false, s.base));
          entities.push(rowOf(s.before, s.base));
        }
      }

      // `versionSetProperties` written by the client: the previous and new latest's `isLatest`.
      for (const op of setWrites) {
        const v = parse(op.value) as Json;
        const prev = setProps.get(op.urn);
        const scheme = str(prev?.versioningScheme);
        if (scheme !== undefined && str(v.versioningScheme) !== scheme)
          throw new ValidationError(
            `Versioning Scheme cannot change. Expected Scheme: ${scheme} Provided Scheme: ${String(v.versioningScheme)}`,
            [{ path: '/versioningScheme', message: `the version set ${op.urn} uses ${scheme}` }],
          );
        const latest = str(v.latest);
        if (!latest) continue;
        const inBatch = made.some((m) => m.op.urn === latest && m.set === op.urn);
        if (!inBatch && !(await view.latest([latest], [VERSION])).length)
          throw new ValidationError(`Cannot set latest version to unversioned entity: ${latest}`, [
            { path: '/latest', message: `${latest} has no versionProperties` },
          ]);
        const base = baseOf(op);
        const before = str(prev?.latest);
        if (before && before !== latest && !written.has(before)) {
          out.push(flip(before, false, base));
          entities.push(rowOf(before, base));
        }
        if (!inBatch) {
          out.push(flip(latest, true, base));
          entities.push(rowOf(latest, base));
        }
      }
      return out.length ? { ops: out, entities } : undefined;
    },
  };
}
