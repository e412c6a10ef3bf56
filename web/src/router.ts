import { useEffect, useState } from 'react';

/** Where the app is: the path and query of the address bar (a search's filters live there, to share). */
export interface Place {
  readonly path: string;
  readonly query: URLSearchParams;
}

const here = (): Place => ({ path: location.pathname, query: new URLSearchParams(location.search) });
const listeners = new Set<() => void>();

export function navigate(to: string): void {
  if (to === location.pathname + location.search) return;
  history.pushState(null, '', to);
  for (const l of listeners) l();
  window.scrollTo(0, 0);
}

export function usePlace(): Place {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const update = () => setPlace(here());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return place;
}

/** The address of an entity's page. */
export const entityPath = (urn: string): string => `/entity/${encodeURIComponent(urn)}`;

/** The address of an entity's lineage graph. */
export const lineagePath = (urn: string): string => `/lineage/${encodeURIComponent(urn)}`;

/** A search's address: its words and its filters (`field=value`, repeated). */
export function searchPath(query: string, filters: readonly [string, string][] = []): string {
  const q = new URLSearchParams();
  q.set('q', query);
  for (const [field, value] of filters) q.append('filter', `${field}=${value}`);
  return `/search?${q.toString()}`;
}
