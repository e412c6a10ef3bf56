/**
 * Rest.li 2.0 query strings: `aspects=List(a,b)` and `ids=List(urn%3Ali...,urn%3Ali...)`. The list is
 * split on its raw commas before decoding, since URNs inside it carry percent-encoded commas.
 */
export type RestliQuery = ReadonlyMap<string, readonly string[]>;

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

export function parseRestliQuery(rawUrl: string): RestliQuery {
  const q = rawUrl.indexOf('?');
  const out = new Map<string, string[]>();
  if (q < 0) return out;
  for (const pair of rawUrl.slice(q + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const raw = eq < 0 ? '' : pair.slice(eq + 1);
    const list = /^List\((.*)\)$/.exec(raw) ?? /^List%28(.*)%29$/i.exec(raw);
    const values = list ? (list[1] === '' ? [] : (list[1] as string).split(',').map(decode)) : [decode(raw)];
    out.set(key, [...(out.get(key) ?? []), ...values]);
  }
  return out;
}

export const first = (q: RestliQuery, key: string): string | undefined => q.get(key)?.[0];

/** All values of a parameter given as a Rest.li list, repeated, or comma-separated. */
export const all = (q: RestliQuery, key: string): string[] =>
  (q.get(key) ?? []).flatMap((v) => (v.startsWith('urn:') ? [v] : v.split(','))).filter((v) => v !== '');
