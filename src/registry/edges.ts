import { parseUrn } from '../urn/index.js';
import { valuesAtPath } from './paths.js';
import type { AspectSpec, RelationshipSpec } from './types.js';

export interface ExtractedEdge {
  readonly type: string;
  readonly destination: string;
  readonly spec: RelationshipSpec;
}

/** Every edge an aspect value implies, deduplicated by (type, destination). */
export function extractEdges(aspect: AspectSpec, value: unknown): ExtractedEdge[] {
  const seen = new Set<string>();
  const edges: ExtractedEdge[] = [];
  for (const spec of aspect.relationships ?? []) {
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
