import { Field } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { domainAssociation, DomainAssociation, subTypes, SubTypes } from './asset-context.js';
import {
  deprecation,
  Deprecation,
  GlobalTags,
  globalTags,
  GlossaryTerms,
  glossaryTerms,
  InstitutionalMemory,
  institutionalMemory,
  Ownership,
  ownership,
  Status,
  status,
  str,
  type Json,
} from './common.js';
import { defaultRegistry } from '../../registry/index.js';
import type { EntityClass } from './entity-classes.js';
import type { Entity } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType, entityTypeName } from './entity-type.js';
import { graphqlType } from './field-table.js';
import { StructuredProperties, structuredProperties } from './structured-properties.js';

/** A field that shows one aspect of an entity: null when the entity lacks it. */
export interface AspectField {
  /** The field's type, as a table of fields gives it (an arrow: read when the schema is built). */
  readonly type: unknown;
  readonly aspect: string;
  /** The field's value, from the aspect's (not called when the entity lacks the aspect). */
  readonly read: (ctx: GraphQLContext, v: Json, urn: string) => unknown;
  readonly deprecationReason?: string;
  readonly description?: string;
}

/** The entity that a field of the aspect names. */
export const named =
  (field: string) =>
  (ctx: GraphQLContext, v: Json): Entity | undefined => {
    const urn = str(v[field]);
    return urn ? ctx.entity(urn) : undefined;
  };

/** DataHub's fields that show an aspect, on the entities that have them (the data assets, people, tags...). */
const ASPECT_FIELDS = {
  ownership: { type: Ownership, aspect: 'ownership', read: ownership },
  tags: { type: GlobalTags, aspect: 'globalTags', read: globalTags },
  globalTags: { type: GlobalTags, aspect: 'globalTags', read: globalTags, deprecationReason: 'Use tags' },
  glossaryTerms: { type: GlossaryTerms, aspect: 'glossaryTerms', read: glossaryTerms },
  institutionalMemory: {
    type: InstitutionalMemory,
    aspect: 'institutionalMemory',
    read: institutionalMemory,
  },
  deprecation: { type: Deprecation, aspect: 'deprecation', read: deprecation },
  status: { type: Status, aspect: 'status', read: (_: GraphQLContext, v: Json) => status(v) },
  structuredProperties: {
    type: StructuredProperties,
    aspect: 'structuredProperties',
    read: structuredProperties,
  },
  subTypes: {
    type: SubTypes,
    aspect: 'subTypes',
    read: (_: GraphQLContext, v: Json) => subTypes(v),
  },
  container: { type: () => entityClass(EntityType.CONTAINER), aspect: 'container', read: named('container') },
  domain: { type: DomainAssociation, aspect: 'domains', read: domainAssociation },
  dataPlatformInstance: {
    type: () => entityClass(EntityType.DATA_PLATFORM_INSTANCE),
    aspect: 'dataPlatformInstance',
    read: named('instance'),
  },
} satisfies Record<string, AspectField>;

/** Declares on an entity class (nullable) fields that each show one of the entity's aspects. */
export function aspectFields(
  cls: abstract new (...args: never[]) => Entity,
  table: Readonly<Record<string, AspectField>>,
): void {
  const proto = cls.prototype as Entity;
  for (const [name, f] of Object.entries(table)) {
    const resolve = function (this: Entity): Promise<unknown> {
      return this.readAspect(f.aspect, f.read);
    };
    Object.defineProperty(proto, name, { value: resolve, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
    const { deprecationReason, description } = f;
    Field(() => graphqlType(f.type) as object, { nullable: true, deprecationReason, description })(
      proto,
      name,
      descriptor,
    );
  }
}

/**
 * Declares `table`'s fields on the object type of every kind whose registry entity has `aspect`
 * (`classes`: the object class of each entity type; a class several kinds share gets them once).
 */
export function showWhereAspect(
  classes: Partial<Record<EntityType, EntityClass>>,
  aspect: string,
  table: Readonly<Record<string, AspectField>>,
): void {
  const done = new Set<EntityClass>();
  for (const e of defaultRegistry().allEntities()) {
    const cls = classes[entityTypeName(e.name) as EntityType];
    if (!cls || done.has(cls) || !e.aspects.includes(aspect)) continue;
    done.add(cls);
    aspectFields(cls, table);
  }
}

/** Declares on an entity class the fields of DataHub's that show the named aspects. */
export function showAspects(
  cls: abstract new (...args: never[]) => Entity,
  ...names: (keyof typeof ASPECT_FIELDS)[]
): void {
  aspectFields(cls, Object.fromEntries(names.map((n) => [n, ASPECT_FIELDS[n]])));
}

/** Reads the string at `field` of an aspect. */
export const stringAt =
  (field: string) =>
  (_: GraphQLContext, v: Json): string | undefined =>
    str(v[field]);
