import { parseUrn } from '../urn/index.js';
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
    for (const found of walk(value, spec.path.split('/').filter(Boolean))) {
      if (typeof found !== 'string' || typeof parseUrn(found) === 'string') continue;
      const id = `${spec.name}\u0000${found}`;
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({ type: spec.name, destination: found, spec });
    }
  }
  return edges;
}

function walk(value: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) return [value];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '*') {
    const items = Array.isArray(value) ? value : Object.values(value);
    return items.flatMap((item) => walk(item, rest));
  }
  if (Array.isArray(value)) return [];
  return walk((value as Record<string, unknown>)[head], rest);
}
