import { Arg, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import {
  Entity,
  EntityRelationship,
  EntityRelationshipsResult,
  RelationshipDirection,
  RelationshipsInput,
} from '../types/entity.js';
import { CorpUser } from '../types/people.js';

const MEMBER_OF_ROLE = 'IsMemberOfRole';

/**
 * A user's role as DataHub's UI reads it: the `IsMemberOfRole` relationship of the user
 * (`relationships(input: {types: ["IsMemberOfRole"], direction: OUTGOING})`, to a `DataHubRole`).
 * DataHub stores it as the user's `roleMembership` aspect; neohub keeps roles apart from the catalog,
 * where `batchAssignRole` puts them and authentication reads them, so this answers that edge from there:
 * the role the user has, and Reader for a user no Admin gave one (as neohub treats such a user).
 * Every other relationship type is answered from the graph as on any entity.
 */
@Resolver(() => CorpUser)
export class RoleMembershipResolvers {
  @FieldResolver(() => EntityRelationshipsResult, { nullable: true })
  async relationships(
    @Root() user: CorpUser,
    @Arg('input', () => RelationshipsInput) input: RelationshipsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EntityRelationshipsResult> {
    const asked = input.types.includes(MEMBER_OF_ROLE) && input.direction === RelationshipDirection.OUTGOING;
    const others = input.types.filter((t) => t !== MEMBER_OF_ROLE);
    if (!asked) return Entity.prototype.relationships.call(user, input);
    // The role is the first relationship: the graph's page starts one earlier, or holds one fewer.
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_PAGE.relationships;
    const stored = others.length
      ? await Entity.prototype.relationships.call(user, {
          ...input,
          types: others,
          start: Math.max(0, start - 1),
          count: start === 0 ? Math.max(0, count - 1) : count,
        })
      : Object.assign(new EntityRelationshipsResult(), { total: 0, relationships: [] });
    const role = Object.assign(new EntityRelationship(), {
      type: MEMBER_OF_ROLE,
      direction: RelationshipDirection.OUTGOING,
      entity: ctx.entity(`urn:li:dataHubRole:${await ctx.services.auth.roleOf(user.urn)}`),
    });
    const relationships = start === 0 && count > 0 ? [role, ...stored.relationships] : stored.relationships;
    return Object.assign(new EntityRelationshipsResult(), {
      start,
      count: relationships.length,
      total: (stored.total ?? 0) + 1,
      relationships,
    });
  }
}
