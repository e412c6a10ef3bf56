import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { make } from '../types/json.js';
import { CorpGroup, CorpUser, CorpUserStatus } from '../types/people.js';
import {
  AddGroupMembersInput,
  CorpGroupUpdateInput,
  CorpUserUpdateInput,
  ListGroupsInput,
  ListGroupsResult,
  ListUsersInput,
  ListUsersResult,
  RemoveGroupMembersInput,
} from '../types/people-inputs.js';
import { declareRootFields, edit, rootField, urnEdit } from './root-fields.js';

/** The page a list input asks: from `start`, `count` at most the service's page size, `*` for all. */
const pageOf = (
  i: { start?: number | null; count?: number | null; query?: string | null },
  ctx: GraphQLContext,
  fallback: number,
) => ({
  start: i.start ?? 0,
  count: Math.min(i.count ?? fallback, ctx.services.config.maxPageSize),
  query: i.query ?? '*',
});

/**
 * DataHub's user and group management: thin adapters over PeopleService, which decides who may (lists
 * of users for anyone, of groups and every change for Admins; a user's own properties for that user).
 */
@Resolver()
export class PeopleResolvers {
  @Mutation(() => CorpUser, { nullable: true })
  async updateCorpUserProperties(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => CorpUserUpdateInput) input: CorpUserUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CorpUser> {
    return new CorpUser(ctx, await ctx.services.people.updateUserProperties(urn, input, ctx.writer));
  }

  @Mutation(() => CorpGroup, { nullable: true })
  async updateCorpGroupProperties(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => CorpGroupUpdateInput) input: CorpGroupUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CorpGroup> {
    return new CorpGroup(ctx, await ctx.services.people.updateGroupProperties(urn, input, ctx.writer));
  }

  /** Suspends a user, or makes them active again; answers the user's URN. */
  @Mutation(() => String, { nullable: true })
  updateUserStatus(
    @Arg('urn', () => String) urn: string,
    @Arg('status', () => CorpUserStatus) status: CorpUserStatus,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return ctx.services.people.setUserStatus(urn, status, ctx.writer);
  }
}

declareRootFields(PeopleResolvers, Query, {
  listUsers: rootField(ListUsersInput, ListUsersResult, async (i, ctx) => {
    const page = await ctx.services.people.listUsers(pageOf(i, ctx, DEFAULT_PAGE.listUsers));
    return make(ListUsersResult, { ...page, users: page.urns.map((u) => new CorpUser(ctx, u)) });
  }),
  listGroups: rootField(ListGroupsInput, ListGroupsResult, async (i, ctx) => {
    const page = await ctx.services.people.listGroups(pageOf(i, ctx, DEFAULT_PAGE.listGroups));
    return make(ListGroupsResult, { ...page, groups: page.urns.map((u) => new CorpGroup(ctx, u)) });
  }),
});

declareRootFields(PeopleResolvers, Mutation, {
  addGroupMembers: edit(AddGroupMembersInput, (i, ctx) =>
    ctx.services.people.addGroupMembers(i.groupUrn, i.userUrns, ctx.writer),
  ),
  removeGroupMembers: edit(RemoveGroupMembersInput, (i, ctx) =>
    ctx.services.people.removeGroupMembers(i.groupUrn, i.userUrns, ctx.writer),
  ),
  removeUser: urnEdit((urn, ctx) => ctx.services.people.remove(urn, 'corpuser', ctx.writer)),
  removeGroup: urnEdit((urn, ctx) => ctx.services.people.remove(urn, 'corpGroup', ctx.writer)),
});
