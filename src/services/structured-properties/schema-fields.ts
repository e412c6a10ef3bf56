import { parseUrn } from '../../urn/index.js';
import type { EntityStore, WriteOp } from '../../store/index.js';

/** A v2 field path without its `[version=...]`, `[type=...]` and `[key=...]` segments: `a.b`. */
const simplePath = (path: string): string =>
  path
    .split('.')
    .filter((s) => !/^\[.*\]$/.test(s))
    .join('.');

/**
 * The schema-field URNs among `urns` whose dataset's schema (as stored, or as this batch writes it)
 * holds their field: such a field exists, as DataHub's CLI expects, whether or not its own entity was
 * ever written. Field paths match exactly or by their simple form (v2 paths without their `[...]` parts).
 */
export async function fieldsInSchemas(
  store: EntityStore,
  urns: readonly string[],
  ops: readonly WriteOp[],
): Promise<Set<string>> {
  const wanted = urns.flatMap((urn) => {
    const p = parseUrn(urn);
    if (typeof p === 'string' || p.entityType !== 'schemaField' || p.parts.length !== 2) return [];
    return [{ urn, parent: p.parts[0] as string, path: p.parts[1] as string }];
  });
  if (!wanted.length) return new Set();
  const schemas = new Map<string, string>();
  for (const a of await store.latest([...new Set(wanted.map((w) => w.parent))], ['schemaMetadata']))
    schemas.set(a.urn, a.value);
  for (const op of ops)
    if (op.kind === 'upsert' && op.aspect === 'schemaMetadata') schemas.set(op.urn, op.value);
  const paths = new Map<string, Set<string>>();
  for (const [urn, json] of schemas) {
    const fields = (JSON.parse(json) as { fields?: { fieldPath?: unknown }[] }).fields ?? [];
    const set = new Set<string>();
    for (const f of fields)
      if (typeof f.fieldPath === 'string') {
        set.add(f.fieldPath);
        set.add(simplePath(f.fieldPath));
      }
    paths.set(urn, set);
  }
  return new Set(
    wanted
      .filter((w) => paths.get(w.parent)?.has(w.path) || paths.get(w.parent)?.has(simplePath(w.path)))
      .map((w) => w.urn),
  );
}
