import { BadRequestError, ValidationError } from '../errors/index.js';
import { parseUrn, type ParsedUrn } from '../urn/index.js';
import { resolve, type RecordSchema } from './schema.js';
import type { AspectSpec, EntitySpec, RelationshipSpec } from './types.js';
import { urnKindViolations } from './urn-kinds.js';
import { formatViolations, validateValue } from './validate.js';

/**
 * The one registry: entity kinds, their key aspects, aspect schemas, time-series flags and relationship
 * annotations, with the lookups every layer needs. Built once from the declarations.
 */
export class Registry {
  private readonly entities = new Map<string, EntitySpec>();
  private readonly entitiesLower = new Map<string, EntitySpec>();
  private readonly aspects = new Map<string, AspectSpec>();
  private readonly aspectsLower = new Map<string, AspectSpec>();
  private readonly byRecord = new Map<string, AspectSpec>();
  private readonly bySnapshot = new Map<string, EntitySpec>();
  /** Whitelists of what may be interpolated into Cypher (labels and relationship types). */
  readonly labels: ReadonlySet<string>;
  readonly relationshipTypes: ReadonlySet<string>;

  constructor(aspects: readonly AspectSpec[], entities: readonly EntitySpec[]) {
    for (const a of aspects) {
      this.aspects.set(a.name, a);
      this.aspectsLower.set(a.name.toLowerCase(), a);
      this.byRecord.set(a.schema.name, a);
    }
    for (const e of entities) {
      for (const name of e.aspects)
        if (!this.aspects.has(name)) throw new Error(`${e.name}: unknown aspect ${name}`);
      if (!e.aspects.includes(e.keyAspect))
        throw new Error(`${e.name}: key aspect ${e.keyAspect} not in its aspects`);
      this.entities.set(e.name, e);
      this.entitiesLower.set(e.name.toLowerCase(), e);
      if (e.snapshot) this.bySnapshot.set(e.snapshot, e);
    }
    this.labels = new Set([...entities].map((e) => e.label));
    this.relationshipTypes = new Set(aspects.flatMap((a) => (a.relationships ?? []).map((r) => r.name)));
    for (const l of [...this.labels, ...this.relationshipTypes]) {
      if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(l)) throw new Error(`unsafe label or relationship type: ${l}`);
    }
  }

  allEntities(): readonly EntitySpec[] {
    return [...this.entities.values()];
  }
  allAspects(): readonly AspectSpec[] {
    return [...this.aspects.values()];
  }
  /** The entity kind a name given by a client means (a path segment, a parameter): any case. */
  findEntity(name: string): EntitySpec | undefined {
    return this.entities.get(name) ?? this.entitiesLower.get(name.toLowerCase());
  }
  /**
   * The entity kind of the type segment of a URN: exact, as DataHub's URNs are, since a URN is an
   * identity (`urn:li:structuredproperty:x` is not a structured property).
   */
  entityOfUrnType(type: string): EntitySpec | undefined {
    return this.entities.get(type);
  }
  findAspect(name: string): AspectSpec | undefined {
    return this.aspects.get(name) ?? this.aspectsLower.get(name.toLowerCase());
  }
  aspectByRecordName(fqn: string): AspectSpec | undefined {
    return this.byRecord.get(fqn.replace('.pegasus2avro.', '.'));
  }
  entityBySnapshot(fqn: string): EntitySpec | undefined {
    return this.bySnapshot.get(fqn.replace('.pegasus2avro.', '.'));
  }
  keyAspectOf(entity: EntitySpec): AspectSpec {
    return this.aspects.get(entity.keyAspect) as AspectSpec;
  }
  relationshipsNamed(name: string): readonly RelationshipSpec[] {
    return this.allAspects().flatMap((a) => (a.relationships ?? []).filter((r) => r.name === name));
  }

  entity(name: string): EntitySpec {
    const e = this.findEntity(name);
    if (!e)
      throw new ValidationError(`Unknown entity type: ${name}`, [
        { path: '/entityType', message: `unknown entity type ${name}` },
      ]);
    return e;
  }

  /** The aspect spec for `aspectName` on `entity`, or a 422 naming what is wrong. */
  aspectOf(entity: EntitySpec, aspectName: string): AspectSpec {
    const a = this.aspects.get(aspectName);
    if (!a || !entity.aspects.includes(a.name)) {
      throw new ValidationError(`Unknown aspect ${aspectName} for entity ${entity.name}`, [
        { path: '/aspectName', message: `unknown aspect ${aspectName} for entity ${entity.name}` },
      ]);
    }
    return a;
  }

  /** Parses a URN and checks it against its entity's key shape; 400 for a malformed URN. */
  parseEntityUrn(urn: string): { parsed: ParsedUrn; entity: EntitySpec } {
    const parsed = parseUrn(urn);
    if (typeof parsed === 'string') throw new BadRequestError(parsed);
    const entity = this.entityOfUrnType(parsed.entityType);
    if (!entity) {
      const near = this.findEntity(parsed.entityType);
      throw new BadRequestError(
        `Invalid URN "${urn}": unknown entity type "${parsed.entityType}"${near ? ` (entity types are case-sensitive: did you mean "${near.name}"?)` : ''}`,
      );
    }
    if (parsed.parts.length !== entity.keyFields.length) {
      throw new BadRequestError(
        `Invalid URN "${urn}": ${entity.name} URNs have ${entity.keyFields.length} key part(s) (${entity.keyFields.join(', ')}), found ${parsed.parts.length}`,
      );
    }
    const keySchema = this.keyAspectOf(entity).schema;
    parsed.parts.forEach((part, i) => {
      const field = keySchema.fields.find((f) => f.name === entity.keyFields[i]);
      if (field && resolve(field.schema).kind === 'urn' && typeof parseUrn(part) === 'string') {
        throw new BadRequestError(
          `Invalid URN "${urn}": key part ${field.name} must be a URN, got "${part}"`,
        );
      }
    });
    const { violations } = validateValue(this.keyValue(entity, parsed), keySchema);
    if (violations.length) {
      throw new BadRequestError(
        `Invalid URN "${urn}": ${violations.map((v) => `${v.path.slice(1)} ${v.message}`).join('; ')}`,
      );
    }
    return { parsed, entity };
  }

  /** The key aspect value derived from a URN. */
  keyValue(entity: EntitySpec, parsed: ParsedUrn): Record<string, string> {
    const out: Record<string, string> = {};
    entity.keyFields.forEach((f, i) => (out[f] = parsed.parts[i] as string));
    return out;
  }

  /**
   * Validates an aspect value; returns the normalized value or throws a 422 with Rest.li's message.
   * Fields the model lacks are left out silently: `normalizeAspect` also says which.
   */
  validateAspect(aspect: AspectSpec, value: unknown, pathPrefix = ''): Record<string, unknown> {
    return normalizeRecord(aspect.schema, value, pathPrefix, aspect).value;
  }

  /** `validateAspect`, with the JSON pointers of the fields it left out because the model lacks them. */
  normalizeAspect(aspect: AspectSpec, value: unknown): Normalized {
    return normalizeRecord(aspect.schema, value, '', aspect);
  }
}

/** A validated value, normalized, and the paths of the unknown fields left out of it. */
export interface Normalized {
  readonly value: Record<string, unknown>;
  readonly dropped: readonly string[];
  /** The pointers of the fields filled with their defaults (`validateValue`). */
  readonly defaulted: readonly string[];
}

export function validateRecord(
  schema: RecordSchema,
  value: unknown,
  pathPrefix = '',
): Record<string, unknown> {
  return normalizeRecord(schema, value, pathPrefix).value;
}

/**
 * Validates a record; with its aspect, once the value fits its schema, also the entity kinds of the URNs
 * where the aspect's relationship annotations name them.
 */
function normalizeRecord(
  schema: RecordSchema,
  value: unknown,
  pathPrefix = '',
  aspect?: AspectSpec,
): Normalized {
  const { value: normalized, violations, dropped, defaulted } = validateValue(value, schema, pathPrefix);
  if (aspect?.urnKinds && !violations.length)
    violations.push(...urnKindViolations(aspect, normalized, pathPrefix));
  if (violations.length) throw new ValidationError(formatViolations(schema.name, violations), violations);
  return { value: normalized as Record<string, unknown>, dropped, defaulted };
}
