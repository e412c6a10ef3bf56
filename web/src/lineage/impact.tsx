import { useState } from 'react';
import { gql } from '../api';
import { displayName, kindName, platformName, SUMMARY_FIELDS, type EntitySummary } from '../entity-names';
import { Link } from '../link';
import { entityPath } from '../router';
import { TableHead } from '../table-head';
import { toCsv } from './csv';
import { passes, type Hidden } from './filters';

// The impact list: everything downstream of the entity with its degree (DataHub's
// `searchAcrossLineage`), nearest first, filtered by words and by the page's kinds and platforms, and
// downloadable as CSV (a file made in the browser: nothing more is asked of the server).

export interface ImpactRow {
  degree: number;
  entity: EntitySummary;
}

/** Rows a person reads in one list; the heading says when there are more. */
const LIMIT = 1000;
const IMPACT = `query ($urn: String!, $count: Int!) {
  searchAcrossLineage(input: {urn: $urn, direction: DOWNSTREAM, query: "*", start: 0, count: $count}) {
    total searchResults { degree entity { ${SUMMARY_FIELDS} } }
  }
}`;

export async function impactOf(urn: string): Promise<{ total: number; rows: ImpactRow[] }> {
  const d = await gql<{ searchAcrossLineage: { total: number; searchResults: ImpactRow[] } | null }>(IMPACT, {
    urn,
    count: LIMIT,
  });
  const rows = [...(d.searchAcrossLineage?.searchResults ?? [])].sort(
    (a, b) => a.degree - b.degree || displayName(a.entity).localeCompare(displayName(b.entity)),
  );
  return { total: d.searchAcrossLineage?.total ?? rows.length, rows };
}

/** The list's rows as CSV: degree, name, kind, platform and URN of each. */
export const impactCsv = (rows: readonly ImpactRow[]): string =>
  toCsv(
    ['degree', 'name', 'type', 'platform', 'urn'],
    rows.map((r) => [
      r.degree,
      displayName(r.entity),
      r.entity.type,
      platformName(r.entity) ?? '',
      r.entity.urn,
    ]),
  );

function download(name: string, text: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  a.download = name;
  a.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}

export function Impact({
  total,
  rows,
  hidden,
  fileName,
}: {
  total: number;
  rows: readonly ImpactRow[];
  hidden: Hidden;
  fileName: string;
}) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = rows.filter(
    (r) =>
      passes(hidden, r.entity.type, platformName(r.entity) ? [platformName(r.entity) as string] : []) &&
      (!needle ||
        `${displayName(r.entity)} ${r.entity.urn} ${platformName(r.entity) ?? ''}`
          .toLowerCase()
          .includes(needle)),
  );
  return (
    <section className="impact" aria-labelledby="impact">
      <h2 id="impact">
        Impact: {total.toLocaleString()} downstream
        {total > rows.length ? ` (the nearest ${rows.length.toLocaleString()} listed)` : ''}
      </h2>
      <div className="impact-tools">
        <input
          type="search"
          aria-label="Filter the impact list"
          placeholder="Filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="impact-count" aria-live="polite">
          {shown.length === rows.length ? `${rows.length} shown` : `${shown.length} of ${rows.length} shown`}
        </span>
        <button type="button" className="quiet" onClick={() => download(fileName, impactCsv(shown))}>
          Export CSV
        </button>
      </div>
      <table>
        <TableHead columns={['Degree', 'Name', 'Type', 'Platform']} />
        <tbody>
          {shown.map((r) => (
            <tr key={r.entity.urn}>
              <td>{r.degree}</td>
              <td>
                <Link to={entityPath(r.entity.urn)}>{displayName(r.entity)}</Link>
              </td>
              <td>{kindName(r.entity.type)}</td>
              <td>{platformName(r.entity) ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
