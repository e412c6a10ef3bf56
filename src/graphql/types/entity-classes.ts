import type { GraphQLContext } from '../context.js';
import type { Entity } from './entity.js';
import type { EntityType } from './entity-type.js';

export type EntityClass = new (ctx: GraphQLContext, urn: string) => Entity;

const classes = new Map<EntityType, EntityClass>();

/**
 * Entity object types point at each other (a tag's owners are users, a user's tags are tags). Fields that
 * point at an entity type name it here, read when the schema is built, so that the files of the object
 * types do not import each other. `index.ts` registers every class.
 */
export function registerEntityClasses(entries: Partial<Record<EntityType, EntityClass>>): void {
  for (const [type, cls] of Object.entries(entries)) classes.set(type as EntityType, cls);
}

/** The object class of an entity type (once `index.ts` has registered them all). */
export function entityClass(type: EntityType): EntityClass {
  const cls = classes.get(type);
  if (!cls) throw new Error(`No GraphQL object class registered for ${type}`);
  return cls;
}
