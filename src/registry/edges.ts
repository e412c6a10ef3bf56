import { parseUrn } from '../urn/index.js';
import { valuesAtPath } from './paths.js';
import type { AspectSpec, RelationshipSpec } from './types.js';

export interface ExtractedEdge {
  readonly type: string;
  readonly destination: string;
  readonly spec: RelationshipSpec;
  /**
   * Where the edge starts when that is not the entity owning the aspect: a fine-grained (column-level)
   * lineage edge starts at its downstream field.
   */
  readonly source?: string;
}

/** The path prefix of fine-grained (column-level) lineage annotations. */
export const FINE_GRAINED = 'fineGrainedLineages/';

/** Whether an aspect's annotations hold fine-grained lineage (its edges start at fields). */
export const hasFieldLineage = (aspect: AspectSpec): boolean =>
  (aspect.relationships ?? []).some((r) => r.path.startsWith(FINE_GRAINED));

const isUrn = (v: unknown): v is string => typeof v === 'string' && typeof parseUrn(v) !== 'string';

/**
 * Every edge an aspect value implies, deduplicated by (source, type, destination). Fine-grained lineage
 * is kept as DataHub keeps it: an edge from each downstream field to each of its upstreams, not from the
 * entity owning the aspect.
 */
export function extractEdges(aspect: AspectSpec, value: unknown): ExtractedEdge[] {
  const seen = new Set<string>();
  const edges: ExtractedEdge[] = [];
  for (const spec of aspect.relationships ?? []) {
    if (spec.path.startsWith(FINE_GRAINED)) {
      for (const fg of valuesAtPath(value, 'fineGrainedLineages')) {
        const lineage = (fg ?? {}) as { downstreams?: unknown; upstreams?: unknown };
        const downs = Array.isArray(lineage.downstreams) ? lineage.downstreams.filter(isUrn) : [];
        const ups = Array.isArray(lineage.upstreams) ? lineage.upstreams.filter(isUrn) : [];
        for (const source of downs)
          for (const destination of ups) {
            const id = `${source}\u0000${spec.name}\u0000${destination}`;
            if (seen.has(id)) continue;
            seen.add(id);
            edges.push({ type: spec.name, destination, spec, source });
          }
      }
      continue;
    }
    for (const found of valuesAtPath(value, spec.path)) {
      if (typeof found !== 'string' || typeof parseUrn(found) === 'string') continue;
      const id = `${spec.name}\u0000${found}`;
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({ type: spec.name, destination: found, spec });
    }
  }
  return edges;
}
