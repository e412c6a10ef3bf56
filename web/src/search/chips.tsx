import { Link } from '../link';
import { addressOf, toggled, type SearchAddress } from './address';
import { urnName } from './names';

/**
 * The filters a search has on, above its results: each says its facet and value and has a link that
 * takes it off (and one to take them all off).
 */
export function FilterChips({
  at,
  titles,
  names,
}: {
  at: SearchAddress;
  titles: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, string>;
}) {
  if (!at.filters.length) return null;
  return (
    <ul className="filter-chips" aria-label="Filters on">
      {at.filters.map((f) => {
        const label = `${titles.get(f.field) ?? f.field}${f.negated ? ' is not' : ':'} ${names.get(`${f.field}=${f.value}`) ?? urnName(f.value)}`;
        return (
          <li key={`${f.negated}${f.field}=${f.value}`} className="chip filter-chip">
            {label}
            <Link to={addressOf(toggled(at, f))} className="remove">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Remove filter {label}</span>
            </Link>
          </li>
        );
      })}
      {at.filters.length > 1 && (
        <li>
          <Link to={addressOf({ ...at, filters: [], page: 0 })} className="clear">
            Clear filters
          </Link>
        </li>
      )}
    </ul>
  );
}
