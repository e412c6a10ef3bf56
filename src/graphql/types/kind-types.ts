import { ObjectType } from 'type-graphql';
import { defaultRegistry } from '../../registry/index.js';
import type { GraphQLContext } from '../context.js';
import { AssetEntity, BrowsableEntity } from './asset.js';
import { Entity, entityBase, EntityWithRelationships } from './entity.js';
import type { EntityClass } from './entity-classes.js';
import { entityTypeName, type EntityType } from './entity-type.js';
import { executionRequestFields } from './execution-requests.js';
import { addResolverField } from './field-table.js';

/** GraphQL type names DataHub gives otherwise than the rule (or that would clash with another type). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  query: 'QueryEntity',
  schemaField: 'SchemaFieldEntity',
  ownershipType: 'OwnershipTypeEntity',
  erModelRelationship: 'ERModelRelationship',
  dataHubAccessToken: 'DataHubAccessToken',
  // DataHub's `InviteToken` is the token string of its GraphQL API (types/native-users.ts).
  inviteToken: 'InviteTokenEntity',
  dataHubIngestionSource: 'IngestionSource',
  dataHubExecutionRequest: 'ExecutionRequest',
  dataHubOpenAPISchema: 'DataHubOpenAPISchema',
  dataType: 'DataTypeEntity',
  entityType: 'EntityTypeEntity',
  structuredProperty: 'StructuredPropertyEntity',
  api: 'ApiEntity',
  document: 'Document',
  role: 'RoleEntity',
  service: 'ServiceEntity',
};

/** DataHub's GraphQL object type name of a kind: its name with an upper-case first letter (`ML...`). */
export const typeNameOf = (kind: string): string =>
  TYPE_NAMES[kind] ?? kind.replace(/^ml/, 'ML').replace(/^./, (c) => c.toUpperCase());

/** The key fields of an entity's URN, by name (`{flow, jobId}` for a dataJob). */
export function keyOf(ctx: GraphQLContext, urn: string): Record<string, string> {
  const { parsed, entity } = ctx.services.registry.parseEntityUrn(urn);
  return ctx.services.registry.keyValue(entity, parsed);
}

/**
 * The base of a kind's object type: an asset (ownership, tags, terms, containers, domain, browse
 * paths...) whose type and name come from the registry kind, so that a kind's class declares only
 * the fields that are its own.
 */
export const kindBase = (kind: string) =>
  entityBase(entityTypeName(kind) as EntityType, typeNameOf(kind), AssetEntity);

/** The interfaces every kind's object type implements. */
export const KIND_INTERFACES = [Entity, EntityWithRelationships, BrowsableEntity];

/**
 * The object types of the kinds no hand-written type covers: one per kind of the registry, with the
 * fields every asset has (what a kind lacks reads as null). Adding a kind to the model adds its type.
 */
export function genericKindClasses(handWritten: ReadonlySet<string>): Record<string, EntityClass> {
  const out: Record<string, EntityClass> = {};
  for (const e of defaultRegistry().allEntities()) {
    const type = entityTypeName(e.name);
    if (handWritten.has(type)) continue;
    const cls = class extends kindBase(e.name) {};
    if (e.name === 'dataHubPolicy') policyPrivileges(cls);
    if (e.name === 'dataHubExecutionRequest') executionRequestFields(cls);
    ObjectType(typeNameOf(e.name), {
      implements: KIND_INTERFACES,
      description: `A ${e.name} (DataHub's ${e.name} entity)`,
    })(cls);
    out[type] = cls as unknown as EntityClass;
  }
  return out;
}

/**
 * A policy's `privileges` are DataHub's names of what it grants (`dataHubPolicyInfo.privileges`), not the
 * caller's privileges on it (`EntityPrivileges`, which every other asset has under that name).
 */
function policyPrivileges(cls: abstract new (...args: never[]) => object): void {
  type Policy = { aspect: (name: string) => Promise<Record<string, unknown> | undefined> };
  addResolverField(
    cls,
    'privileges',
    () => [String],
    false,
    async function (this: Policy) {
      const info = await this.aspect('dataHubPolicyInfo');
      return Array.isArray(info?.privileges) ? info.privileges.map(String) : [];
    },
  );
}
