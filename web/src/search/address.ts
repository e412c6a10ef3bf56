/**
 * A search as its address says it, so that it can be shared and reloaded: the words (`q`), the filters
 * (`filter=field=value`, repeated; `filter=!field=value` leaves matches out), the View (`view=<urn>`), the
 * sort (`sort=name` ...) and the page (`page=n`, from 0).
 */
export interface Filter {
  readonly field: string;
  readonly value: string;
  readonly negated: boolean;
}

export interface SearchAddress {
  readonly query: string;
  readonly filters: readonly Filter[];
  readonly view: string | undefined;
  readonly sort: string | undefined;
  readonly page: number;
}

export function readAddress(q: URLSearchParams): SearchAddress {
  const filters = q.getAll('filter').flatMap((f): Filter[] => {
    const negated = f.startsWith('!');
    const rest = negated ? f.slice(1) : f;
    const i = rest.indexOf('=');
    return i > 0 ? [{ field: rest.slice(0, i), value: rest.slice(i + 1), negated }] : [];
  });
  return {
    query: q.get('q') || '*',
    filters,
    view: q.get('view') || undefined,
    sort: q.get('sort') || undefined,
    page: Math.max(0, Math.floor(Number(q.get('page') ?? 0)) || 0),
  };
}

/** The address of a search; a change of words, filters, View or sort goes back to the first page. */
export function addressOf(a: SearchAddress): string {
  const q = new URLSearchParams();
  q.set('q', a.query);
  for (const f of a.filters) q.append('filter', `${f.negated ? '!' : ''}${f.field}=${f.value}`);
  if (a.view) q.set('view', a.view);
  if (a.sort) q.set('sort', a.sort);
  if (a.page > 0) q.set('page', String(a.page));
  return `/search?${q.toString()}`;
}

const same = (a: Filter, b: Filter) => a.field === b.field && a.value === b.value;

/** The search with a filter on (or off, when it was on), back on its first page. */
export function toggled(a: SearchAddress, f: Filter): SearchAddress {
  const on = a.filters.some((x) => same(x, f) && x.negated === f.negated);
  const rest = a.filters.filter((x) => !same(x, f));
  return { ...a, filters: on ? rest : [...rest, f], page: 0 };
}

/**
 * DataHub's filter of a search's filters: one conjunction where the values of one field are one
 * criterion (any of them matches) and fields (and left-out values) all hold.
 */
export function orFilters(filters: readonly Filter[]) {
  const byField = new Map<string, { field: string; values: string[]; condition: string; negated: boolean }>();
  for (const f of filters) {
    const key = `${f.negated ? '!' : ''}${f.field}`;
    const c = byField.get(key);
    if (c) c.values.push(f.value);
    else byField.set(key, { field: f.field, values: [f.value], condition: 'EQUAL', negated: f.negated });
  }
  const and = [...byField.values()];
  return and.length ? [{ and }] : [];
}
