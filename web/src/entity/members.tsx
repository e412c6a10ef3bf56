import { useEffect, useState } from 'react';
import { gql } from '../api';
import { Alert } from '../alert';
import { displayName, kindName, platformName, SUMMARY_FIELDS, type EntitySummary } from '../entity-names';
import { Link } from '../link';
import { entityPath, searchPath } from '../router';
import type { EntityData } from './types';

/**
 * For the kinds whose members the catalog can list by a search filter: a tag's, a term's and an owner's
 * assets (the filter field of each, as DataHub's search names it).
 */
const FILTER_OF: Readonly<Record<string, string>> = {
  TAG: 'tags',
  GLOSSARY_TERM: 'glossaryTerms',
  CORP_USER: 'owners',
  CORP_GROUP: 'owners',
};
const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  total searchResults { entity { ${SUMMARY_FIELDS} } } } }`;

interface Found {
  total: number;
  searchResults: { entity: EntitySummary }[];
}

/**
 * What an entity holds: a domain's, container's or data product's assets, a glossary node's children
 * (from the kind's own fields), or the assets a tag, term, user or group is on (a search).
 */
export function Members({ entity }: { entity: EntityData }) {
  const own = entity.entities ?? entity.glossaryChildrenSearch;
  const field = FILTER_OF[entity.type];
  const [found, setFound] = useState<Found | null>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (own || !field) return;
    gql<{ searchAcrossEntities: Found | null }>(SEARCH, {
      input: { query: '*', start: 0, count: 50, filters: [{ field, values: [entity.urn] }] },
    })
      .then((d) => setFound(d.searchAcrossEntities))
      .catch((e: Error) => setError(e.message));
  }, [entity.urn, own, field]);
  const list = own ?? found;
  if (!own && !field) return null;
  const title =
    entity.type === 'CORP_USER' || entity.type === 'CORP_GROUP'
      ? 'Owns'
      : entity.glossaryChildrenSearch
        ? 'Contains'
        : 'Assets';
  return (
    <section aria-labelledby="members">
      <h2 id="members">
        {title}
        {list ? ` (${list.total})` : ''}
      </h2>
      <Alert error={error} />
      {list === undefined && !error && <p aria-busy="true">Loading…</p>}
      {list && list.total === 0 && <p>None.</p>}
      <ul className="members">
        {list?.searchResults.map(({ entity: e }) => (
          <li key={e.urn}>
            <Link to={entityPath(e.urn)}>{displayName(e)}</Link>{' '}
            <span className="meta">
              {kindName(e.type)}
              {platformName(e) ? ` · ${platformName(e)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {field && list && list.total > list.searchResults.length && (
        <Link to={searchPath('*', [[field, entity.urn]])}>All {list.total} in search</Link>
      )}
    </section>
  );
}
