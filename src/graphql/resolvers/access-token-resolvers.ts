import { Mutation, Query, Resolver } from 'type-graphql';
import { currentCaller } from '../../auth/index.js';
import { BadRequestError, ForbiddenError } from '../../errors/index.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import {
  AccessToken,
  type AccessTokenDuration,
  AccessTokenMetadata,
  BatchAssignRoleInput,
  CreateAccessTokenInput,
  GetAccessTokenInput,
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

/** ISO-8601 durations with the same length as one of DataHub's token durations. */
const ISO_DURATIONS: Readonly<Record<string, AccessTokenDuration>> = {
  PT1H: 'ONE_HOUR',
  P1D: 'ONE_DAY',
  P7D: 'ONE_WEEK',
  P1W: 'ONE_WEEK',
  P30D: 'ONE_MONTH',
  P1M: 'ONE_MONTH',
  P90D: 'THREE_MONTHS',
  P3M: 'THREE_MONTHS',
  P180D: 'SIX_MONTHS',
  P6M: 'SIX_MONTHS',
  P365D: 'ONE_YEAR',
  P1Y: 'ONE_YEAR',
};

/** A token's duration, given as one of DataHub's durations or as an ISO-8601 one of the same length. */
function tokenDuration(
  duration: AccessTokenDuration | null | undefined,
  iso: string | null | undefined,
): AccessTokenDuration {
  if ((duration === null || duration === undefined) === (iso === null || iso === undefined))
    throw new BadRequestError(
      'Exactly one of duration or durationIso must be provided when creating an access token',
    );
  if (duration) return duration;
  const known = Object.hasOwn(ISO_DURATIONS, iso as string) ? ISO_DURATIONS[iso as string] : undefined;
  if (!known)
    throw new BadRequestError(
      `Access token duration '${iso}' is not allowed. Choose one of ${Object.keys(ISO_DURATIONS).join(', ')}`,
    );
  return known;
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
  /**
   * DataHub's older way to a personal token, for the caller only (as DataHub allows it): a token like
   * `createAccessToken`'s, listed and revocable.
   */
  getAccessToken: rootField(GetAccessTokenInput, AccessToken, async (input, ctx) => {
    if (!input.actorUrn.startsWith('urn:li:corpuser:'))
      throw new BadRequestError(`actorUrn must be a corpuser URN, got ${input.actorUrn}`);
    if (input.actorUrn !== currentCaller()?.actor)
      throw new ForbiddenError('getAccessToken makes a token for the caller only; use createAccessToken');
    const created = await ctx.services.auth.createToken({
      type: input.type,
      actorUrn: input.actorUrn,
      duration: tokenDuration(input.duration, input.durationIso),
      name: 'Personal access token',
    });
    return make(AccessToken, { accessToken: created.accessToken });
  }),
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
  batchAssignRole: rootField(BatchAssignRoleInput, Boolean, (input, ctx) =>
    ctx.services.auth.assignRole(input.roleUrn ?? null, input.actors),
  ),
});
