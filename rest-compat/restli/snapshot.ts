import { ValidationError } from '../../src/errors/index.js';
import { validateRecord, wireValue, type Registry } from '../../src/registry/index.js';
import type { EntityView, Proposal } from '../../src/services/index.js';

const ENTITY_RECORD = 'com.linkedin.entity.Entity';

const fail = (path: string, message: string): never => {
  throw new ValidationError(
    `Failed to validate record with class ${ENTITY_RECORD}: ERROR :: ${path} :: ${message}\n`,
    [{ path, message }],
  );
};

/**
 * A legacy snapshot `{value: {<Snapshot FQN>: {urn, aspects: [{<aspect FQN>: value}]}}}` as proposals,
 * each aspect checked with its full path so the 422 names the offending field.
 */
export function snapshotToProposals(
  registry: Registry,
  entity: unknown,
  systemMetadata: unknown,
): Proposal[] {
  const value = (entity as { value?: unknown } | undefined)?.value;
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return fail('/value', 'field is required but not found');
  const keys = Object.keys(value);
  if (keys.length !== 1) return fail('/value', 'a snapshot union must have exactly one member');
  const fqn = keys[0] as string;
  const spec = registry.entityBySnapshot(fqn);
  if (!spec) return fail(`/value/${fqn}`, `"${fqn}" is not a member type of the snapshot union`);
  const snap = (value as Record<string, unknown>)[fqn] as { urn?: unknown; aspects?: unknown };
  if (typeof snap?.urn !== 'string') return fail(`/value/${fqn}/urn`, 'field is required but not found');
  if (!Array.isArray(snap.aspects)) return fail(`/value/${fqn}/aspects`, 'field is required but not found');
  return snap.aspects.map((item, i) => {
    const path = `/value/${fqn}/aspects/${i}`;
    if (!item || typeof item !== 'object' || Object.keys(item).length !== 1)
      return fail(path, 'an aspect union must have exactly one member');
    const recordName = Object.keys(item)[0] as string;
    const aspect = registry.aspectByRecordName(recordName);
    if (!aspect || !spec.aspects.includes(aspect.name) || aspect.timeseries) {
      return fail(`${path}/${recordName}`, `"${recordName}" is not a member type of the ${fqn} aspect union`);
    }
    const raw = (item as Record<string, unknown>)[recordName];
    validateRecord(aspect.schema, raw, `${path}/${recordName}`);
    return {
      entityType: spec.name,
      entityUrn: snap.urn as string,
      changeType: 'UPSERT',
      aspectName: aspect.name,
      aspect: { value: raw, contentType: 'application/json' },
      systemMetadata: (systemMetadata ?? undefined) as Proposal['systemMetadata'],
    };
  });
}

/** An entity as a legacy snapshot, key aspect first; undefined when the entity has no aspects. */
export function viewToSnapshot(registry: Registry, view: EntityView): Record<string, unknown> | undefined {
  const entity = registry.entity(view.entityName);
  if (!entity.snapshot || Object.keys(view.aspects).length === 0) return undefined;
  const names = Object.keys(view.aspects).sort((a, b) =>
    a === entity.keyAspect ? -1 : b === entity.keyAspect ? 1 : a.localeCompare(b),
  );
  const aspects = names.flatMap((name) => {
    const spec = registry.findAspect(name);
    const a = view.aspects[name];
    return spec && !spec.timeseries && a
      ? [{ [spec.schema.name]: wireValue(registry, name, a.value, a.defaulted) }]
      : [];
  });
  return { [entity.snapshot]: { urn: view.urn, aspects } };
}
