import { useEffect, useState } from 'react';
import { gql } from '../api';
import {
  description,
  displayName,
  kindName,
  platformName,
  SUMMARY_FIELDS,
  type EntitySummary,
} from '../entity-names';
import { Link } from '../link';
import { entityPath, searchPath, type Place } from '../router';

interface Facet {
  field: string;
  displayName?: string | null;
  aggregations: { value: string; count: number; entity?: EntitySummary | null }[];
}
interface Results {
  searchAcrossEntities: {
    start: number;
    count: number;
    total: number;
    searchResults: { entity: EntitySummary; matchedFields: { name: string; value: string }[] }[];
    facets: Facet[] | null;
  } | null;
}

const SEARCH = `query ($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults { entity { ${SUMMARY_FIELDS} } matchedFields { name value } }
    facets { field displayName aggregations { value count entity { ${SUMMARY_FIELDS} } } }
  }
}`;

const PAGE = 20;

/** A URN's last key part (`urn:li:tag:Finance` → `Finance`) for a facet value with no entity to name it. */
const urnName = (value: string): string =>
  value.startsWith('urn:li:') ? value.split(':').slice(3).join(':') : value;
/** The facets shown, in this order, with their titles. */
const FACETS: Record<string, string> = {
  _entityType: 'Type',
  platform: 'Platform',
  domains: 'Domain',
  owners: 'Owner',
  tags: 'Tag',
  glossaryTerms: 'Glossary term',
};

/** A search: its words and filters from the address (so it can be shared), its results, facets and pages. */
export function Search({ place }: { place: Place }) {
  const query = place.query.get('q') ?? '*';
  const filters = place.query.getAll('filter').flatMap((f): [string, string][] => {
    const i = f.indexOf('=');
    return i > 0 ? [[f.slice(0, i), f.slice(i + 1)]] : [];
  });
  const page = Math.max(0, Number(place.query.get('page') ?? 0) || 0);
  const [results, setResults] = useState<Results['searchAcrossEntities']>();
  const [error, setError] = useState<string>();
  const key = place.query.toString();
  useEffect(() => {
    const byField = new Map<string, string[]>();
    for (const [f, v] of filters) byField.set(f, [...(byField.get(f) ?? []), v]);
    const and = [...byField].map(([field, values]) => ({ field, values, condition: 'EQUAL' }));
    setError(undefined);
    gql<Results>(SEARCH, {
      input: { types: [], query, start: page * PAGE, count: PAGE, orFilters: and.length ? [{ and }] : [] },
    })
      .then((d) => setResults(d.searchAcrossEntities))
      .catch((e: Error) => setError(e.message));
  }, [key]);
  const toggle = (field: string, value: string): string => {
    const on = filters.some(([f, v]) => f === field && v === value);
    return searchPath(
      query,
      on ? filters.filter(([f, v]) => !(f === field && v === value)) : [...filters, [field, value]],
    );
  };
  const pageLink = (n: number) => `${searchPath(query, filters)}&page=${n}`;
  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!results) return <p aria-busy="true">Searching…</p>;
  const facets = Object.keys(FACETS).flatMap(
    (f) => results.facets?.filter((x) => x.field === f && x.aggregations.length > 0) ?? [],
  );
  return (
    <div className="search-page">
      <aside aria-label="Filters" className="facets">
        {facets.map((f) => (
          <section key={f.field}>
            <h2>{FACETS[f.field]}</h2>
            <ul>
              {f.aggregations.slice(0, 10).map((a) => {
                const on = filters.some(([x, v]) => x === f.field && v === a.value);
                return (
                  <li key={a.value}>
                    <Link to={toggle(f.field, a.value)} className={on ? 'on' : undefined}>
                      {on ? '✓ ' : ''}
                      {a.entity
                        ? displayName(a.entity)
                        : f.field === '_entityType'
                          ? kindName(a.value)
                          : urnName(a.value)}
                    </Link>{' '}
                    <span className="count">{a.count}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </aside>
      <section className="results" aria-label="Results">
        <p className="total">
          {results.total.toLocaleString()} result{results.total === 1 ? '' : 's'}
          {query !== '*' ? ` for “${query}”` : ''}
        </p>
        <ol>
          {results.searchResults.map(({ entity, matchedFields }) => (
            <li key={entity.urn} className="result">
              <Link to={entityPath(entity.urn)}>{displayName(entity)}</Link>
              <div className="meta">
                <span className="kind">{kindName(entity.type)}</span>
                {platformName(entity) && <span className="platform">{platformName(entity)}</span>}
              </div>
              {description(entity) && <p className="description">{description(entity)}</p>}
              {query !== '*' && matchedFields.length > 0 && (
                <p className="matched">Matched {[...new Set(matchedFields.map((m) => m.name))].join(', ')}</p>
              )}
            </li>
          ))}
        </ol>
        <nav aria-label="Pages" className="pages">
          {page > 0 && <Link to={pageLink(page - 1)}>Previous</Link>}
          {(page + 1) * PAGE < results.total && <Link to={pageLink(page + 1)}>Next</Link>}
        </nav>
      </section>
    </div>
  );
}
