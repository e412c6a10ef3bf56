import { Int } from 'type-graphql';
import type { Criterion, ViewDefinition } from '../../services/index.js';
import type { AspectField } from './aspect-fields.js';
import { make } from './common.js';
import { entityClass } from './entity-classes.js';
import { EntityType, entityName, entityTypeOf } from './entity-type.js';
import { stringEnum } from './enums.js';
import { fields, opt, req, TableInputType, TableObjectType } from './field-table.js';
import * as check from './input-checks.js';
import { FacetFilterInput, FilterOperator } from './search.js';
import { PAGE } from './search-results.js';

// DataHub's Views: saved searches that a search applies by URN (`viewUrn`).

export const DataHubViewType = stringEnum('DataHubViewType', ['PERSONAL', 'GLOBAL'] as const);
export type DataHubViewType = keyof typeof DataHubViewType;
export const LogicalOperator = stringEnum('LogicalOperator', ['AND', 'OR'] as const);
export type LogicalOperator = keyof typeof LogicalOperator;

@TableObjectType()
export class FacetFilter extends fields({
  field: req(String),
  condition: opt(FilterOperator),
  values: req([String]),
  negated: opt(Boolean),
}) {}

@TableObjectType()
export class DataHubViewFilter extends fields({
  operator: req(LogicalOperator),
  filters: req([FacetFilter]),
}) {}

@TableObjectType()
export class DataHubViewDefinition extends fields({
  entityTypes: req([EntityType]),
  filter: req(DataHubViewFilter),
}) {}

@TableInputType()
export class DataHubViewFilterInput extends fields({
  operator: req(LogicalOperator),
  filters: req([FacetFilterInput]),
}) {}

@TableInputType()
export class DataHubViewDefinitionInput extends fields({
  entityTypes: req([EntityType]),
  filter: req(DataHubViewFilterInput),
}) {}

@TableInputType()
export class CreateViewInput extends fields({
  viewType: req(DataHubViewType),
  name: req(String, { checks: [check.notEmpty] }),
  description: opt(String),
  definition: req(DataHubViewDefinitionInput),
}) {}

@TableInputType()
export class UpdateViewInput extends fields({
  name: opt(String),
  description: opt(String),
  definition: opt(DataHubViewDefinitionInput),
}) {}

const notNegative = () => opt(Int, { checks: [check.nonNegative] });

@TableInputType()
export class ListMyViewsInput extends fields({
  start: notNegative(),
  count: notNegative(),
  query: opt(String),
  viewType: opt(DataHubViewType),
}) {}

@TableInputType()
export class ListGlobalViewsInput extends fields({
  start: notNegative(),
  count: notNegative(),
  query: opt(String),
}) {}

@TableObjectType()
export class ListViewsResult extends fields({
  ...PAGE,
  views: req(() => [entityClass(EntityType.DATAHUB_VIEW)]),
}) {}

/**
 * A definition as the service keeps it: registry kinds, and DataHub's filter (AND: one group of all
 * the filters; OR: a group per filter).
 */
export function viewDefinition(
  d: DataHubViewDefinitionInput,
  criterion: (f: FacetFilterInput) => Criterion,
): ViewDefinition {
  const filters = d.filter.filters.map(criterion);
  const or =
    d.filter.operator === 'OR'
      ? filters.map((c) => ({ and: [c] }))
      : filters.length
        ? [{ and: filters }]
        : [];
  return { entityTypes: d.entityTypes.map((t) => entityName(t)), filter: { or } };
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A stored definition as DataHub shows it: one group is AND, several groups of one filter are OR. */
function readDefinition(v: Record<string, unknown>): DataHubViewDefinition {
  const filter = (v.filter ?? {}) as { or?: { and?: Record<string, unknown>[] }[] };
  const groups = (filter.or ?? []).map((g) => g.and ?? []);
  const operator = groups.length > 1 ? 'OR' : 'AND';
  const criteria =
    operator === 'OR' ? groups.map((g) => g[0]).filter((c) => c !== undefined) : (groups[0] ?? []);
  return make(DataHubViewDefinition, {
    entityTypes: strings(v.entityTypes)
      .map((t) => entityTypeOf(t))
      .filter((t): t is EntityType => t !== undefined),
    filter: make(DataHubViewFilter, {
      operator,
      filters: criteria.map((c) =>
        make(FacetFilter, {
          field: String(c.field),
          condition: typeof c.condition === 'string' ? (c.condition as FilterOperator) : undefined,
          values: strings(c.values).length ? strings(c.values) : typeof c.value === 'string' ? [c.value] : [],
          negated: c.negated === true,
        }),
      ),
    }),
  });
}

/** A View's own fields (its `dataHubViewInfo`). */
export const VIEW_FIELDS: Readonly<Record<string, AspectField>> = {
  viewType: { type: DataHubViewType, aspect: 'dataHubViewInfo', read: (_, v) => v.type },
  name: { type: String, aspect: 'dataHubViewInfo', read: (_, v) => v.name },
  description: { type: String, aspect: 'dataHubViewInfo', read: (_, v) => v.description },
  definition: {
    type: DataHubViewDefinition,
    aspect: 'dataHubViewInfo',
    read: (_, v) => readDefinition((v.definition ?? {}) as Record<string, unknown>),
  },
};

@TableInputType()
export class UpdateGlobalViewsSettingsInput extends fields({ defaultView: opt(String) }) {}

@TableInputType()
export class UpdateCorpUserViewsSettingsInput extends fields({ defaultView: opt(String) }) {}
