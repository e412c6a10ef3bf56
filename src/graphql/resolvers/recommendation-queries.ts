import { Query, Resolver } from 'type-graphql';
import { make } from '../types/common.js';
import { entityTypeOfUrn } from '../types/entity-type.js';
import {
  ContentParams,
  EntityProfileParams,
  ListRecommendationsInput,
  ListRecommendationsResult,
  RecommendationContent,
  RecommendationModule,
  RecommendationParams,
  RecommendationRenderType,
  SearchParams,
} from '../types/recommendations.js';
import { FacetFilter } from '../types/views.js';
import { declareRootFields, rootField } from './root-fields.js';

/** How many entities a module of entities lists when the request names no limit. */
const DEFAULT_LIMIT = 10;

/**
 * DataHub's `listRecommendations` over services.recommendations: each facet value a search for it (the
 * UI's link), each recently changed entity a link to its page.
 */
@Resolver()
export class RecommendationQueries {}

declareRootFields(RecommendationQueries, Query, {
  listRecommendations: rootField(ListRecommendationsInput, ListRecommendationsResult, async (i, ctx) => {
    const modules = await ctx.services.recommendations.modules(
      i.requestContext?.scenario ?? 'HOME',
      Math.min(i.limit ?? DEFAULT_LIMIT, ctx.services.config.maxPageSize),
    );
    return make(ListRecommendationsResult, {
      modules: modules.map((m) =>
        make(RecommendationModule, {
          title: m.title,
          moduleId: m.moduleId,
          renderType: m.renderType as keyof typeof RecommendationRenderType,
          content: m.content.map((c) => {
            const type = entityTypeOfUrn(c.value);
            const params = c.field
              ? make(RecommendationParams, {
                  searchParams: make(SearchParams, {
                    query: '',
                    filters: [make(FacetFilter, { field: c.field, values: [c.value], negated: false })],
                  }),
                  contentParams: make(ContentParams, { count: c.count }),
                })
              : make(RecommendationParams, {
                  entityProfileParams: type ? make(EntityProfileParams, { urn: c.value, type }) : undefined,
                });
            return make(RecommendationContent, { value: c.value, entity: ctx.entity(c.value), params });
          }),
        }),
      ),
    });
  }),
});
