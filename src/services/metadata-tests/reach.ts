import type { Registry } from '../../registry/index.js';
import type { EntityStore } from '../../store/index.js';
import { yieldToLoop } from './budget.js';
import type { Hop } from './paths.js';

/**
 * For each URN, the values each path reaches: hop by hop, one read of the aspects every path needs at
 * that hop for all the entities reached so far (the URNs themselves first), their fields walked here
 * (lists flattened, absent fields dropped); the next hop starts from the URNs a walk ended on, less
 * those of kinds only Admins see (a test never reads them). Values are parsed here rather than in
 * Cypher, whose JSON parser refuses some values clients may store. The loop runs between hops.
 */
export async function reach(
  store: EntityStore,
  registry: Registry,
  urns: readonly string[],
  paths: readonly (readonly Hop[])[],
): Promise<Map<string, unknown[][]>> {
  const reached = paths.map(() => new Map<string, unknown[]>(urns.map((u) => [u, [u]])));
  const hops = Math.max(0, ...paths.map((p) => p.length));
  const visible = (v: unknown): v is string =>
    typeof v === 'string' && !registry.findEntity(/^urn:li:([^:]+):/.exec(v)?.[1] ?? '')?.hidden;
  for (let h = 0; h < hops; h++) {
    if (h > 0) await yieldToLoop();
    const need = new Set<string>();
    const aspects = new Set<string>();
    paths.forEach((p, i) => {
      const hop = p[h];
      if (!hop) return;
      aspects.add(hop.aspect);
      for (const values of reached[i]?.values() ?? []) for (const v of values) if (visible(v)) need.add(v);
    });
    const stored = new Map(
      (await store.latest([...need], [...aspects])).map((a) => [`${a.urn}\u0000${a.name}`, a.value]),
    );
    paths.forEach((p, i) => {
      const hop = p[h];
      const map = reached[i];
      if (!hop || !map) return;
      for (const [origin, values] of map)
        map.set(
          origin,
          values.flatMap((v) => {
            const json = visible(v) ? stored.get(`${v}\u0000${hop.aspect}`) : undefined;
            return json === undefined ? [] : walk(JSON.parse(json) as unknown, hop.fields);
          }),
        );
    });
  }
  return new Map(urns.map((u) => [u, reached.map((m) => m.get(u) ?? [])]));
}

/** The values `fields` lead to from `value`: lists flattened, absent fields dropped, own keys only. */
function walk(value: unknown, fields: readonly string[]): unknown[] {
  let xs: unknown[] = value === undefined || value === null ? [] : [value];
  for (const f of fields)
    xs = xs.flatMap((x) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x) || !Object.hasOwn(x, f)) return [];
      const v = (x as Record<string, unknown>)[f];
      return v === undefined || v === null ? [] : Array.isArray(v) ? (v as unknown[]) : [v];
    });
  return xs;
}
