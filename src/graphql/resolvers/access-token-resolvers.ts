import { Mutation, Query, Resolver } from 'type-graphql';
import { BadRequestError } from '../../errors/index.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import {
  AccessToken,
  AccessTokenMetadata,
  BatchAssignRoleInput,
  CreateAccessTokenInput,
  ListAccessTokenInput,
  ListAccessTokenResult,
} from '../types/access-tokens.js';
import { make } from '../types/json.js';
import type { FacetFilterInput } from '../types/search.js';
import { declareRootFields, rootField } from './root-fields.js';

/** Token filters as the service takes them: one equality per field (`value` or a single `values`). */
function tokenFilters(filters: readonly FacetFilterInput[]): { field: string; value: string }[] {
  const seen = new Set<string>();
  return filters.map((f) => {
    if (f.negated) throw new BadRequestError(`Token filters cannot be negated (${f.field})`);
    if (f.condition && f.condition !== 'EQUAL')
      throw new BadRequestError(`Token filters compare with EQUAL only, not ${f.condition} (${f.field})`);
    const values = f.values ?? (f.value === undefined || f.value === null ? [] : [f.value]);
    if (values.length !== 1)
      throw new BadRequestError(`A token filter takes exactly one value (${f.field} has ${values.length})`);
    if (seen.has(f.field)) throw new BadRequestError(`At most one token filter on ${f.field}`);
    seen.add(f.field);
    return { field: f.field, value: values[0] as string };
  });
}

/**
 * DataHub's personal access tokens and role assignment: thin adapters over AuthService, which decides
 * who may do what (one's own tokens for anyone; other users' tokens and roles for Admins). The token
 * string is returned once, by `createAccessToken`; nothing else ever shows it.
 */
@Resolver()
export class AccessTokenResolvers {}

declareRootFields(AccessTokenResolvers, Query, {
  listAccessTokens: rootField(
    ListAccessTokenInput,
    ListAccessTokenResult,
    async (input, ctx) => {
      const page = await ctx.services.auth.listTokens({
        start: input.start ?? 0,
        count: Math.min(input.count ?? DEFAULT_PAGE.listAccessTokens, ctx.services.config.maxPageSize),
        filters: tokenFilters(input.filters ?? []),
      });
      return make(ListAccessTokenResult, {
        start: page.start,
        count: page.count,
        total: page.total,
        tokens: page.tokens.map((t) => new AccessTokenMetadata(ctx, t)),
      });
    },
    { nullable: false },
  ),
  getAccessTokenMetadata: rootField(
    String,
    AccessTokenMetadata,
    async (token, ctx) => new AccessTokenMetadata(ctx, await ctx.services.auth.tokenMetadata(token)),
    { argName: 'token', nullable: false },
  ),
});

declareRootFields(AccessTokenResolvers, Mutation, {
  createAccessToken: rootField(CreateAccessTokenInput, AccessToken, async (input, ctx) => {
    const created = await ctx.services.auth.createToken({
      type: input.type,
      actorUrn: input.actorUrn,
      duration: input.duration,
      name: input.name,
      description: input.description,
    });
    return make(AccessToken, {
      accessToken: created.accessToken,
      metadata: new AccessTokenMetadata(ctx, created.metadata),
    });
  }),
  /** Revokes at once: the next request with the token gets a 401. */
  revokeAccessToken: rootField(String, Boolean, (tokenId, ctx) => ctx.services.auth.revokeToken(tokenId), {
    argName: 'tokenId',
    nullable: false,
  }),
  /** Gives users one of the roles `urn:li:dataHubRole:Admin|Editor|Reader`, or (null) takes theirs away. */
  batchAssignRole: rootField(
    BatchAssignRoleInput,
    Boolean,
    (input, ctx) => ctx.services.auth.assignRole(input.roleUrn ?? null, input.actors),
    { nullable: false },
  ),
});
