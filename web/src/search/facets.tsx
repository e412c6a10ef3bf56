import { Link } from '../link';
import { addressOf, toggled, type SearchAddress } from './address';
import { valueName } from './names';
import type { Facet } from './queries';

/** The facets of a search: each value a link whose address turns its filter on or off. */
export function Facets({
  facets,
  at,
  titles,
  names,
}: {
  facets: Facet[];
  at: SearchAddress;
  titles: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, string>;
}) {
  // A value filtered on stays listed (to take it off) when the other filters leave it no match.
  const kept = (f: Facet) => [
    ...f.aggregations.slice(0, 10),
    ...at.filters
      .filter(
        (x) =>
          x.field === f.field && !x.negated && !f.aggregations.slice(0, 10).some((a) => a.value === x.value),
      )
      .map((x) => ({ value: x.value, count: 0, entity: null })),
  ];
  return (
    <aside aria-label="Filters" className="facets">
      {facets.map((f) => (
        <section key={f.field} data-field={f.field}>
          <h2>{titles.get(f.field) ?? f.displayName ?? f.field}</h2>
          <ul>
            {kept(f).map((a) => {
              const on = at.filters.some((x) => x.field === f.field && x.value === a.value && !x.negated);
              return (
                <li key={a.value}>
                  <Link
                    to={addressOf(toggled(at, { field: f.field, value: a.value, negated: false }))}
                    className={on ? 'on' : undefined}
                  >
                    {on ? '✓ ' : ''}
                    {names.get(`${f.field}=${a.value}`) ?? valueName(f.field, a)}
                  </Link>{' '}
                  <span className="count">{a.count}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </aside>
  );
}
