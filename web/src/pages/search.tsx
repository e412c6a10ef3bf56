import { useEffect, useState } from 'react';
import { gql } from '../api';
import { Link } from '../link';
import { navigate, type Place } from '../router';
import { addressOf, orFilters, readAddress, type SearchAddress } from '../search/address';
import { FilterChips } from '../search/chips';
import { Facets } from '../search/facets';
import { FACETS, valueName } from '../search/names';
import { Pages } from '../search/pages';
import {
  AGGREGATE,
  ENTITIES,
  FILTER_PROPERTIES,
  SEARCH,
  SORTS,
  type Aggregation,
  type Facet,
  type FilterProperties,
  type SearchPage,
} from '../search/queries';
import { Result } from '../search/result';
import { combineSiblings } from '../search/siblings';
import { ViewPicker } from '../search/views';
import '../search/search.css';

export const PAGE = 20;

/** Facets counted only when named: metadata test results, and the structured properties shown as filters. */
const NAMED_FACETS = ['failingTests', 'passingTests'];

/** The structured properties to filter by, as facet fields with their titles (asked once per app). */
let filterProperties: Promise<Map<string, string>> | undefined;
const propertyFacets = (): Promise<Map<string, string>> =>
  (filterProperties ??= gql<FilterProperties>(FILTER_PROPERTIES)
    .then(
      (d) =>
        new Map(
          (d.searchAcrossEntities?.searchResults ?? []).flatMap(({ entity: e }): [string, string][] =>
            e.definition && e.settings?.showInSearchFilters && !e.settings.isHidden
              ? [
                  [
                    `structuredProperties.${e.definition.qualifiedName}`,
                    e.definition.displayName || e.definition.qualifiedName,
                  ],
                ]
              : [],
          ),
        ),
    )
    .catch(() => {
      filterProperties = undefined;
      return new Map<string, string>();
    }));

interface Answer {
  key: string;
  page: SearchPage;
  facets: Facet[];
  titles: Map<string, string>;
  /** The names of the filters' values (`field=value`), for their chips. */
  names: Map<string, string>;
}

/**
 * A search's page and facets. Each facet a filter is on for is counted without its own filter, so that
 * its other values stay there to add (values of one facet are any-of; facets all hold).
 */
async function run(at: SearchAddress, key: string): Promise<Answer> {
  const props = await propertyFacets();
  const base = { types: [], query: at.query, viewUrn: at.view ?? null };
  const sort = SORTS[at.sort ?? ''];
  const aggregate = (facets: string[], filters = at.filters) =>
    facets.length
      ? gql<{ aggregateAcrossEntities: { facets: Facet[] } | null }>(AGGREGATE, {
          input: { ...base, orFilters: orFilters(filters), facets },
        }).then((d) => d.aggregateAcrossEntities?.facets ?? [])
      : Promise.resolve([]);
  const selected = [...new Set(at.filters.filter((f) => !f.negated).map((f) => f.field))];
  const [found, named, ...own] = await Promise.all([
    gql<{ searchAcrossEntities: SearchPage | null }>(SEARCH, {
      input: {
        ...base,
        start: at.page * PAGE,
        count: PAGE,
        orFilters: orFilters(at.filters),
        ...(sort?.field
          ? { sortInput: { sortCriteria: [{ field: sort.field, sortOrder: sort.order }] } }
          : {}),
      },
    }).then((d) => d.searchAcrossEntities),
    aggregate([...NAMED_FACETS, ...props.keys()].filter((f) => !selected.includes(f))),
    ...selected.map((field) =>
      aggregate(
        [field],
        at.filters.filter((f) => f.field !== field || f.negated),
      ),
    ),
  ]);
  if (!found) throw new Error('The search answered nothing');
  const byField = new Map<string, Facet>();
  for (const f of [...(found.facets ?? []), ...named, ...own.flat()]) byField.set(f.field, f);
  const titles = new Map([...Object.entries(FACETS), ...props]);
  const facets = [...titles.keys()].flatMap((field) => {
    const f = byField.get(field);
    const on = at.filters.some((x) => x.field === field && !x.negated);
    return f && (f.aggregations.length || on) ? [f] : on ? [{ field, aggregations: [] }] : [];
  });
  const names = new Map<string, string>();
  for (const f of [...byField.values()])
    for (const a of f.aggregations) names.set(`${f.field}=${a.value}`, valueName(f.field, a));
  const unnamed = [
    ...new Set(
      at.filters
        .filter((f) => f.value.startsWith('urn:li:') && !names.has(`${f.field}=${f.value}`))
        .map((f) => f.value),
    ),
  ];
  if (unnamed.length) {
    const d = await gql<{ entities: (Aggregation['entity'] | null)[] }>(ENTITIES, { urns: unnamed }).catch(
      () => ({ entities: [] }),
    );
    const byUrn = new Map(d.entities.flatMap((e) => (e ? [[e.urn, e] as const] : [])));
    for (const f of at.filters) {
      const e = byUrn.get(f.value);
      if (e) names.set(`${f.field}=${f.value}`, valueName(f.field, { value: f.value, entity: e }));
    }
  }
  return { key, page: found, facets, titles, names };
}

/** A search: its words, filters, View, sort and page from the address (so it can be shared), its results and facets. */
export function Search({ place }: { place: Place }) {
  const at = readAddress(place.query);
  const [answer, setAnswer] = useState<Answer>();
  const [error, setError] = useState<string>();
  const key = place.query.toString();
  useEffect(() => {
    let live = true;
    setError(undefined);
    run(at, key)
      .then((a) => live && setAnswer(a))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [key]);
  if (error)
    return (
      <div className="search-page">
        <div />
        <section className="results" aria-label="Results">
          <p role="alert" className="error">
            {error}
          </p>
          {(at.filters.length > 0 || at.view) && (
            <Link to={addressOf({ ...at, filters: [], view: undefined, page: 0 })}>
              Search without filters
            </Link>
          )}
        </section>
      </div>
    );
  if (!answer) return <p aria-busy="true">Searching…</p>;
  const { page: results, facets, titles, names } = answer;
  // The last answer stays on screen while the next one comes, marked as busy.
  const busy = answer.key !== key;
  return (
    <div className="search-page" aria-busy={busy || undefined}>
      <Facets facets={facets} at={at} titles={titles} names={names} />
      <section className="results" aria-label="Results">
        <div className="search-tools">
          <ViewPicker at={at} />
          <label>
            Sort by{' '}
            <select
              className="sort"
              value={at.sort && SORTS[at.sort] ? at.sort : 'relevance'}
              onChange={(e) =>
                navigate(
                  addressOf({
                    ...at,
                    sort: e.target.value === 'relevance' ? undefined : e.target.value,
                    page: 0,
                  }),
                )
              }
            >
              {Object.entries(SORTS).map(([k, s]) => (
                <option key={k} value={k}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <FilterChips at={at} titles={titles} names={names} />
        <p className="total">
          {results.total.toLocaleString('en')} result{results.total === 1 ? '' : 's'}
          {at.query !== '*' ? ` for “${at.query}”` : ''}
        </p>
        <ol start={results.start + 1}>
          {combineSiblings(results.searchResults).map(({ result: { entity, matchedFields }, group }) => (
            <Result
              key={entity.urn}
              entity={entity}
              group={group}
              matched={matchedFields}
              words={at.query !== '*'}
            />
          ))}
        </ol>
        <Pages at={at} total={results.total} size={PAGE} />
      </section>
    </div>
  );
}
