import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AccessTokenResolvers } from './resolvers/access-token-resolvers.js';
import { EntityQueries } from './resolvers/entity-queries.js';
import { SearchQueries } from './resolvers/search-queries.js';
import { CatalogMutations } from './resolvers/catalog-mutations.js';
import { CurationMutations } from './resolvers/curation-mutations.js';
import { NativeUserResolvers } from './resolvers/native-user-resolvers.js';
import { IngestionResolvers } from './resolvers/ingestion-resolvers.js';
import { LegacySearchQueries } from './resolvers/legacy-search-queries.js';
import { ListQueries } from './resolvers/list-queries.js';
import { ViewResolvers } from './resolvers/view-resolvers.js';
import { RecommendationQueries } from './resolvers/recommendation-queries.js';
import { TimelineQueries } from './resolvers/timeline-queries.js';
import { RoleMembershipResolvers } from './resolvers/role-membership-resolvers.js';
import { PeopleResolvers } from './resolvers/people-resolvers.js';
import { SessionQueries } from './resolvers/session-queries.js';
import {
  ContainerMembers,
  DataProductMembers,
  DomainMembers,
  GlossaryNodeMembers,
  VersionSetMembers,
} from './resolvers/member-queries.js';
import { AssetMutations } from './resolvers/asset-mutations.js';
import { LabelMutations } from './resolvers/label-mutations.js';
import { MetadataTestResolvers } from './resolvers/metadata-test-resolvers.js';
import { StructuredPropertyMutations } from './resolvers/structured-property-mutations.js';
import { ENTITY_CLASSES } from './types/index.js';
import { checkArgument } from './types/input-checks.js';

let built: Promise<GraphQLSchema> | undefined;

/** The GraphQL schema, built once per process from the resolver and type classes. */
export function graphqlSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [
      EntityQueries,
      SearchQueries,
      SessionQueries,
      DomainMembers,
      ContainerMembers,
      DataProductMembers,
      VersionSetMembers,
      GlossaryNodeMembers,
      AssetMutations,
      LabelMutations,
      StructuredPropertyMutations,
      AccessTokenResolvers,
      PeopleResolvers,
      CatalogMutations,
      CurationMutations,
      NativeUserResolvers,
      IngestionResolvers,
      LegacySearchQueries,
      ListQueries,
      ViewResolvers,
      RecommendationQueries,
      TimelineQueries,
      RoleMembershipResolvers,
      MetadataTestResolvers,
    ],
    orphanedTypes: Object.values(ENTITY_CLASSES),
    // Inputs are checked by their tables' checks, not class-validator (docs/decisions/0041).
    validateFn: checkArgument,
  });
  return built;
}

/** The printed SDL, sorted so that it is stable: committed as graph-schema/datahub.graphql. */
export async function printedSchema(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await graphqlSchema()))}\n`;
}
