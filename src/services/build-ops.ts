import {
  AspectExistsError,
  BadRequestError,
  NeohubError,
  PreconditionFailedError,
  ValidationError,
} from '../errors/index.js';
import { patchAspect, readPatchBody } from '../patch/index.js';
import {
  extractEdges,
  filledDefaults,
  parseDefaulted,
  stillDefaulted,
  withoutDefaulted,
  type AspectSpec,
} from '../registry/index.js';
import type { Registry } from '../registry/index.js';
import { systemMetadataOf } from './system-metadata.js';
import type { AuditStamp, EdgeRow, EntityRow, UpsertOp, WriteOp } from '../store/index.js';
import { clearedProjections, projectionsOf } from './projections.js';
import { reportDropped } from './dropped-fields.js';
import { CHANGE_TYPES, type ChangeType, type Proposal, type WriteContext } from './proposal.js';
import type { ValueSteps } from './write-hooks.js';
import { parseJson, type Json } from '../json/index.js';

const JSON_CT = 'application/json';
const PATCH_CT = 'application/json-patch+json';

export interface Built {
  readonly op: WriteOp;
  readonly entity: EntityRow | undefined;
}

/**
 * Turns one proposal into one validated write operation (or throws a 400/422 naming the path). `steps`
 * (the hooks' complete and check steps) see each aspect value it makes, when it makes it (a
 * read-modify-write's inside the transaction), and give the value stored.
 */
export function buildOp(
  registry: Registry,
  p: Proposal,
  created: AuditStamp,
  trace?: Pick<WriteContext, 'traceId' | 'source'>,
  steps?: ValueSteps,
): Built {
  const changeType = String(p.changeType ?? 'UPSERT').toUpperCase() as ChangeType;
  if (!CHANGE_TYPES.includes(changeType)) {
    throw new ValidationError(`Unsupported changeType ${String(p.changeType)}`, [
      { path: '/changeType', message: `must be one of ${CHANGE_TYPES.join(', ')}` },
    ]);
  }
  if (typeof p.entityUrn !== 'string' || !p.entityUrn) {
    throw new ValidationError('Missing entityUrn', [
      { path: '/entityUrn', message: 'field is required but not found' },
    ]);
  }
  const { parsed, entity } = registry.parseEntityUrn(p.entityUrn);
  if (p.entityType !== undefined && p.entityType !== null && typeof p.entityType !== 'string')
    throw new ValidationError('entityType must be a string', [
      { path: '/entityType', message: 'not a string' },
    ]);
  if (
    p.entityType !== undefined &&
    p.entityType !== null &&
    p.entityType.toLowerCase() !== entity.name.toLowerCase()
  ) {
    registry.entity(p.entityType);
    throw new ValidationError(
      `entityType ${p.entityType} does not match the URN's entity type ${entity.name}`,
      [{ path: '/entityType', message: `expected ${entity.name}` }],
    );
  }
  const urn = parsed.urn;
  const sm = systemMetadataOf(p.systemMetadata, created, trace);
  const base = { urn, entityType: entity.name, created, systemMetadata: sm };
  const keySpec = registry.keyAspectOf(entity);
  const entityRow = entityRowOf(registry, { parsed, entity }, created, sm);
  if (typeof p.aspectName !== 'string' || !p.aspectName) {
    if (changeType === 'DELETE') return { op: { ...base, kind: 'deleteEntity' }, entity: entityRow };
    throw new ValidationError('Missing aspectName', [
      { path: '/aspectName', message: 'field is required but not found' },
    ]);
  }
  const aspect = registry.aspectOf(entity, p.aspectName);

  if (changeType === 'DELETE') {
    if (aspect.name === keySpec.name) return { op: { ...base, kind: 'deleteEntity' }, entity: entityRow };
    if (aspect.timeseries) {
      return {
        op: {
          ...base,
          kind: 'deleteTimeseries',
          aspect: aspect.name,
          startTimeMillis: undefined,
          endTimeMillis: undefined,
        },
        entity: entityRow,
      };
    }
    return {
      op: {
        ...base,
        kind: 'deleteAspect',
        aspect: aspect.name,
        projections: clearedProjections(aspect.name),
      },
      entity: entityRow,
    };
  }

  // In-process only: a `modify` field sent on the wire is not a function, and is ignored.
  if (typeof p.modify === 'function') {
    const modify = p.modify;
    if (changeType !== 'UPSERT' || aspect.timeseries || aspect.name === keySpec.name)
      throw new BadRequestError(`A computed change must be an UPSERT of a versioned, non-key aspect`);
    const resolve = (current: string | undefined): UpsertOp =>
      upsertOp(
        registry,
        aspect,
        base,
        modify(current === undefined ? undefined : JSON.parse(current)),
        false,
        steps,
      );
    return { op: { ...base, kind: 'compute', aspect: aspect.name, resolve }, entity: entityRow };
  }
  const raw = aspectPayload(p, changeType === 'PATCH' ? PATCH_CT : JSON_CT);
  // DataHub's conditional write: a versioned aspect's write names the version it expects to replace.
  const expected = aspect.timeseries || changeType === 'RESTATE' ? undefined : ifVersionMatch(p.headers);
  const checkVersion = (current: string | undefined, revision: number | undefined): void => {
    if (expected === undefined) return;
    const actual = current === undefined ? UNVERSIONED : String(revision ?? 1);
    if (expected !== actual) throw new PreconditionFailedError(urn, aspect.name, expected, actual);
  };
  if (changeType === 'PATCH') {
    if (aspect.timeseries)
      throw new ValidationError(`PATCH is not supported for time-series aspect ${aspect.name}`, [
        { path: '/changeType', message: 'PATCH on a time-series aspect' },
      ]);
    const body = readPatchBody(raw);
    const resolve = (current: string | undefined, revision?: number, defaulted?: string | null): UpsertOp => {
      checkVersion(current, revision);
      // DataHub patches the value as stored: without the defaults validation filled in.
      const value =
        current === undefined
          ? undefined
          : withoutDefaulted(JSON.parse(current) as Json, parseDefaulted(defaulted));
      const next = patchAspect(aspect.name, urn, value, body, created.time);
      return upsertOp(registry, aspect, base, next, false, steps);
    };
    return { op: { ...base, kind: 'compute', aspect: aspect.name, resolve }, entity: entityRow };
  }

  const { value, defaulted } = normalize(registry, aspect, urn, raw);
  if (aspect.timeseries) {
    const ts = value.timestampMillis;
    if (typeof ts !== 'number')
      throw new ValidationError('timestampMillis is required', [
        { path: '/timestampMillis', message: 'field is required but not found' },
      ]);
    return {
      op: {
        ...base,
        kind: 'timeseries',
        aspect: aspect.name,
        timestampMillis: ts,
        value: JSON.stringify(value),
        ...(defaulted.length ? { defaulted: filledDefaults(value, defaulted) } : {}),
      },
      entity: entityRow,
    };
  }
  if (aspect.name === keySpec.name && JSON.stringify(value) !== entityRow.keyValue) {
    throw new ValidationError(`Key aspect ${aspect.name} does not match the URN ${urn}`, [
      { path: '/', message: `expected ${entityRow.keyValue}` },
    ]);
  }
  const op = upsertOp(registry, aspect, base, value, true, steps, defaulted);
  if (changeType === 'CREATE' || changeType === 'CREATE_ENTITY') {
    // A create replaces no version: only `-1` (none) holds, whatever exists (DataHub's rule).
    checkVersion(undefined, undefined);
    const resolve = (current: string | undefined): UpsertOp => {
      if (current !== undefined) {
        throw new AspectExistsError(urn, aspect.name);
      }
      return op;
    };
    return { op: { ...base, kind: 'compute', aspect: aspect.name, resolve }, entity: entityRow };
  }
  if (expected !== undefined) {
    // Checked against the version current under the entity's lock, in the write's transaction.
    const resolve = (current: string | undefined, revision?: number): UpsertOp => {
      checkVersion(current, revision);
      return op;
    };
    return { op: { ...base, kind: 'compute', aspect: aspect.name, resolve }, entity: entityRow };
  }
  return { op, entity: entityRow };
}

/** The version `If-Version-Match` names when there is no value yet (DataHub's `-1`). */
const UNVERSIONED = '-1';

/** The `If-Version-Match` header of a proposal (its name in any case, as DataHub reads it), if any. */
function ifVersionMatch(headers: Proposal['headers']): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  for (const [name, v] of Object.entries(headers))
    if (name.toLowerCase() === 'if-version-match' && v !== null && v !== undefined) {
      if (typeof v !== 'string' && typeof v !== 'number')
        throw new ValidationError('The If-Version-Match header must be a string', [
          { path: `/headers/${name}`, message: 'expected a string' },
        ]);
      return String(v);
    }
  return undefined;
}

/**
 * The validated, normalized value of an aspect to write; the fields the model lacks are left out and
 * reported to the request's collector, as DataHub's service drops them (docs/decisions/0050).
 */
function normalize(
  registry: Registry,
  aspect: AspectSpec,
  urn: string,
  raw: unknown,
): { value: Record<string, unknown>; defaulted: readonly string[] } {
  const { value, dropped, defaulted } = registry.normalizeAspect(aspect, raw);
  reportDropped(urn, aspect.name, dropped);
  return { value, defaulted };
}

/** The entity row of a URN: its kind's label and key aspect, locked (or created) by a write batch. */
export function entityRowOf(
  registry: Registry,
  { parsed, entity }: ReturnType<Registry['parseEntityUrn']>,
  created: AuditStamp,
  sm: string,
): EntityRow {
  return {
    urn: parsed.urn,
    entityType: entity.name,
    label: entity.label,
    keyAspect: registry.keyAspectOf(entity).name,
    keyValue: JSON.stringify(registry.keyValue(entity, parsed)),
    created,
    systemMetadata: sm,
  };
}

export function upsertOp(
  registry: Registry,
  aspect: AspectSpec,
  base: { urn: string; entityType: string; created: AuditStamp; systemMetadata: string },
  raw: unknown,
  validated = false,
  steps?: ValueSteps,
  /** With a validated value: the fields its validation filled with defaults. */
  defaultedBefore: readonly string[] = [],
): UpsertOp {
  const { value: valid, defaulted: filledIn } = validated
    ? { value: raw as Record<string, unknown>, defaulted: defaultedBefore }
    : normalize(registry, aspect, base.urn, raw);
  const filled = filledIn.length ? filledDefaults(valid, filledIn) : {};
  const value = steps
    ? steps({ urn: base.urn, entityType: base.entityType, aspect: aspect.name, value: valid })
    : valid;
  // A step that changes a value returns another (write-hooks.ts): the same one holds its defaults still.
  const defaulted = value === valid ? filled : stillDefaulted(value, filled);
  const anyDefaulted = Object.keys(defaulted).length > 0;
  const kindOf = (urn: string): { type: string; label: string } => {
    const type = urn.slice(7, urn.indexOf(':', 7));
    const spec = registry.entityOfUrnType(type);
    return { type: spec?.name ?? type, label: spec?.label ?? 'Entity' };
  };
  const edges: EdgeRow[] = extractEdges(aspect, value).map((e) => {
    const dst = kindOf(e.destination);
    return {
      type: e.type,
      destination: e.destination,
      destinationType: dst.type,
      destinationLabel: dst.label,
      ...(e.source ? { source: { urn: e.source, ...kindOf(e.source) } } : {}),
    };
  });
  return {
    ...base,
    kind: 'upsert',
    aspect: aspect.name,
    value: JSON.stringify(value),
    ...(anyDefaulted ? { defaulted } : {}),
    edges,
    projections: projectionsOf(aspect.name, value),
  };
}

function aspectPayload(p: Proposal, expectedType: string): unknown {
  const a = p.aspect;
  if (!a || a.value === undefined || a.value === null) {
    throw new ValidationError('Missing aspect', [
      { path: '/aspect/value', message: 'field is required but not found' },
    ]);
  }
  const ct = a.contentType ?? expectedType;
  if (ct !== expectedType && !(expectedType === PATCH_CT && ct === JSON_CT)) {
    throw new BadRequestError(`Unsupported aspect contentType ${ct}; expected ${expectedType}`);
  }
  if (typeof a.value !== 'string') return a.value;
  try {
    return parseJson(a.value, 'aspect value');
  } catch (err) {
    throw new BadRequestError(`Unparsable aspect value (${(err as Error).message}) at /aspect/value`, {
      cause: err,
    });
  }
}

/** Prefixes an error with the proposal's position in a batch, keeping its class and status. */
export function inBatch(err: unknown, index: number, total: number): unknown {
  if (total <= 1 || !(err instanceof NeohubError)) return err;
  err.message = `proposals[${index}]: ${err.message}`;
  return err;
}
