/**
 * Entity-node properties projected from aspects, for graph queries and soft-delete filtering. Declared
 * here once; the ingest service sets them on upsert and clears them on delete.
 */
const PROJECTIONS: Readonly<Record<string, (value: Record<string, unknown>) => Record<string, unknown>>> = {
  status: (v) => ({ removed: v.removed === true }),
  datasetProperties: (v) => ({ name: typeof v.name === 'string' ? v.name : null }),
  deprecation: (v) => ({ deprecated: v.deprecated === true }),
};

export function projectionsOf(aspect: string, value: Record<string, unknown>): Record<string, unknown> {
  return PROJECTIONS[aspect]?.(value) ?? {};
}

export function clearedProjections(aspect: string): Record<string, unknown> {
  const fn = PROJECTIONS[aspect];
  if (!fn) return {};
  return Object.fromEntries(Object.keys(fn({})).map((k) => [k, null]));
}
