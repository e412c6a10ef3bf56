import { IsOptional, Min } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { TokenMetadata } from '../../auth/index.js';
import type { GraphQLContext } from '../context.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';
import { FacetFilterInput } from './search.js';

export const AccessTokenType = stringEnum('AccessTokenType', ['PERSONAL'] as const);
export type AccessTokenType = keyof typeof AccessTokenType;

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

@InputType()
export class CreateAccessTokenInput {
  @Field(() => AccessTokenType) type!: AccessTokenType;
  /** The user the token acts as: the caller, or (Admin only) another user. */
  @Field(() => String) actorUrn!: string;
  @Field(() => AccessTokenDuration) duration!: AccessTokenDuration;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
}

@InputType()
export class ListAccessTokenInput {
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0)
  start?: number | null;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0)
  count?: number | null;
  /** `ownerUrn` and `actorUrn`, one value each. */
  @Field(() => [FacetFilterInput], { nullable: true }) filters?: FacetFilterInput[] | null;
}

@InputType()
export class BatchAssignRoleInput {
  /** `urn:li:dataHubRole:Admin`, `Editor` or `Reader`; null takes the actors' role away. */
  @Field(() => String, { nullable: true }) roleUrn?: string | null;
  /** corpuser URNs. */
  @Field(() => [String]) actors!: string[];
}

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
@ObjectType()
export class AccessToken {
  @Field(() => String) accessToken!: string;
  @Field(() => AccessTokenMetadata, { nullable: true }) metadata?: AccessTokenMetadata;
}

@ObjectType()
export class ListAccessTokenResult {
  @Field(() => Int) start!: number;
  @Field(() => Int) count!: number;
  @Field(() => Int) total!: number;
  @Field(() => [AccessTokenMetadata]) tokens!: AccessTokenMetadata[];
}
