import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = join('graph-schema', 'explorer.graphql');

const EDGES = /^ *# EDGES:.*$/m;

/** `AnyEntity`'s outgoing edge fields: one per relationship type of the registry. */
function edgeFields(relationshipTypes: Iterable<string>): string {
  return [...relationshipTypes]
    .sort()
    .map(
      (t) =>
        `  ${t.charAt(0).toLowerCase()}${t.slice(1)}: [AnyEntity!]!\n` +
        `    @relationship(type: "${t}", direction: OUT, properties: "EdgeProperties", aggregate: false)`,
    )
    .join('\n');
}

/**
 * The explorer's type definitions, read from `graph-schema/explorer.graphql` (the nearest one above this
 * module, so that it is found from `src/` (tests) and from `dist/src/` (the build) alike), with
 * `AnyEntity`'s edge fields generated from the registry's relationship types.
 */
export function explorerTypeDefs(relationshipTypes: Iterable<string>): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FILE);
    if (existsSync(candidate))
      return readFileSync(candidate, 'utf8').replace(EDGES, edgeFields(relationshipTypes));
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${FILE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
