import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { list, make, str, strings, type Json } from './common.js';
import type { Entity } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { fields, opt, req, TableObjectType } from './field-table.js';

/** Where an asset sits: the objects of DataHub's fields for sub-types, containers and domains. */

@TableObjectType()
export class SubTypes extends fields({
  typeNames: opt([String]),
}) {}

@TableObjectType()
export class ParentContainersResult extends fields({
  count: req(Int),
  containers: req(() => [entityClass(EntityType.CONTAINER)]),
}) {}

@TableObjectType()
export class DomainAssociation extends fields({
  domain: req(() => entityClass(EntityType.DOMAIN)),
  associatedUrn: opt(String),
}) {}

/** Parent chains go at most this deep (a guard against a cycle written by a client). */
const MAX_PARENT_DEPTH = 32;

export const subTypes = (v: Json | undefined): SubTypes | undefined =>
  v ? make(SubTypes, { typeNames: strings(v.typeNames) }) : undefined;

/**
 * The chain of parents above an entity, nearest first: `first`, then the entity its `aspect`'s `field`
 * names, and so on (containers by `container.container`, glossary nodes by `glossaryNodeInfo.parentNode`).
 */
export async function parentChain(
  ctx: GraphQLContext,
  first: string | undefined,
  aspect: string,
  field: string,
  seen: Set<string> = new Set(),
): Promise<Entity[]> {
  const out: Entity[] = [];
  for (let at = first; at && !seen.has(at) && out.length < MAX_PARENT_DEPTH;) {
    seen.add(at);
    const e = ctx.entity(at);
    if (!e) break;
    out.push(e);
    const view = await ctx.entities.load(at);
    at = str((view.aspects[aspect]?.value as Json | undefined)?.[field]);
  }
  return out;
}

/** The first domain of a `domains` aspect, as DataHub's `domain` field gives it. */
export function domainAssociation(
  ctx: GraphQLContext,
  v: Json | undefined,
  urn: string,
): DomainAssociation | undefined {
  const first = strings(v?.domains)[0];
  const domain = first ? ctx.entity(first) : undefined;
  return domain ? make(DomainAssociation, { domain, associatedUrn: urn }) : undefined;
}

/** The entities of the URNs in a list (those of kinds without a GraphQL type are left out). */
export const entitiesOf = (ctx: GraphQLContext, urns: unknown): Entity[] =>
  strings(urns)
    .map((u) => ctx.entity(u))
    .filter((e): e is Entity => e !== undefined);

/** The destinations of a list of DataHub `Edge`s. */
export const edgeDestinations = (v: unknown): string[] =>
  list(v)
    .map((e) => str(e.destinationUrn))
    .filter((u): u is string => u !== undefined);
