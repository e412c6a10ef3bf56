import { Field, Int, ObjectType } from 'type-graphql';
import type { TokenMetadata } from '../../auth/index.js';
import type { GraphQLContext } from '../context.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';
import { FacetFilterInput } from './search.js';
import { PAGE } from './search-results.js';
import { fields, opt, req, TableInputType, TableObjectType } from './field-table.js';
import * as check from './input-checks.js';

export const AccessTokenType = stringEnum('AccessTokenType', ['PERSONAL'] as const);

export const AccessTokenDuration = stringEnum('AccessTokenDuration', [
  'ONE_HOUR',
  'ONE_DAY',
  'ONE_WEEK',
  'ONE_MONTH',
  'THREE_MONTHS',
  'SIX_MONTHS',
  'ONE_YEAR',
  'NO_EXPIRY',
] as const);
export type AccessTokenDuration = keyof typeof AccessTokenDuration;

@TableInputType()
export class CreateAccessTokenInput extends fields({
  type: req(AccessTokenType),
  /** The user the token acts as: the caller, or (Admin only) another user. */
  actorUrn: req(String),
  duration: req(AccessTokenDuration),
  name: req(String),
  description: opt(String),
}) {}

/** DataHub's older way to a personal token: for the caller only; named after the call. */
@TableInputType()
export class GetAccessTokenInput extends fields({
  type: req(AccessTokenType),
  actorUrn: req(String),
  duration: opt(AccessTokenDuration),
  /** An ISO-8601 duration, which neohub does not take (a clear error): use `duration`. */
  durationIso: opt(String),
}) {}

/** An optional start or count (GraphQL's Int is an integer already). */
const notNegative = () => opt(Int, { checks: [check.nonNegative] });

@TableInputType()
export class ListAccessTokenInput extends fields({
  start: notNegative(),
  count: notNegative(),
  /** `ownerUrn` and `actorUrn`, one value each. */
  filters: opt([FacetFilterInput]),
}) {}

@TableInputType()
export class BatchAssignRoleInput extends fields({
  /** `urn:li:dataHubRole:Admin`, `Editor` or `Reader`; null takes the actors' role away. */
  roleUrn: opt(String),
  /** corpuser URNs. */
  actors: req([String]),
}) {}

/**
 * A personal access token's metadata (DataHub's `dataHubAccessToken` entity); never the token itself.
 * `id` is what `revokeAccessToken` takes.
 */
@ObjectType({ implements: Entity, description: 'The metadata of an access token (never the token)' })
export class AccessTokenMetadata extends Entity {
  @Field(() => String) readonly id: string;
  @Field(() => String) readonly name: string;
  @Field(() => String, { nullable: true }) readonly description?: string;
  /** The user the token acts as. */
  @Field(() => String) readonly actorUrn: string;
  /** The user who created it. */
  @Field(() => String) readonly ownerUrn: string;
  @Field(() => Long) readonly createdAt: number;
  /** null: the token never expires. */
  @Field(() => Long, { nullable: true }) readonly expiresAt?: number;

  constructor(ctx: GraphQLContext, t: TokenMetadata) {
    super(ctx, t.urn, EntityType.ACCESS_TOKEN);
    this.id = t.id;
    this.name = t.name;
    this.description = t.description ?? undefined;
    this.actorUrn = t.actorUrn;
    this.ownerUrn = t.ownerUrn;
    this.createdAt = t.createdAt;
    this.expiresAt = t.expiresAt ?? undefined;
  }

  get typeName(): string {
    return 'AccessTokenMetadata';
  }
}

/** A new token: the only time the token string is ever shown. */
@TableObjectType()
export class AccessToken extends fields({
  accessToken: req(String),
  metadata: opt(AccessTokenMetadata),
}) {}

@TableObjectType()
export class ListAccessTokenResult extends fields({
  ...PAGE,
  tokens: req([AccessTokenMetadata]),
}) {}
