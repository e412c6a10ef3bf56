import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRegistry } from '../registry/index.js';

const FILE = join('graph-schema', 'explorer.graphql');

const EDGES = /^ *# EDGES:.*$/m;
/** The placeholder of the hidden kinds in AnyEntity's @authorization filter. */
const HIDDEN = '["HIDDEN_KINDS"]';

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

/** The registry's hidden kinds: entities only Admins see (EntitySpec.hidden). */
export const registryHiddenKinds = (): string[] =>
  defaultRegistry()
    .allEntities()
    .filter((e) => e.hidden)
    .map((e) => e.name);

/** The hidden kinds as a GraphQL list of strings, in place of the placeholder (which must be there once). */
function withHiddenKinds(typeDefs: string, hiddenKinds: Iterable<string>): string {
  const parts = typeDefs.split(HIDDEN);
  if (parts.length !== 2) throw new Error(`${FILE} must hold ${HIDDEN} exactly once`);
  return parts.join(JSON.stringify([...hiddenKinds].sort()));
}

/**
 * The explorer's type definitions, read from `graph-schema/explorer.graphql` (the nearest one above this
 * module, so that it is found from `src/` (tests) and from `dist/src/` (the build) alike), with
 * `AnyEntity`'s edge fields generated from the registry's relationship types, and the kinds its
 * @authorization filter hides from non-Admins (by default the registry's hidden kinds).
 */
export function explorerTypeDefs(
  relationshipTypes: Iterable<string>,
  hiddenKinds: Iterable<string> = registryHiddenKinds(),
): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FILE);
    if (existsSync(candidate))
      return withHiddenKinds(
        readFileSync(candidate, 'utf8').replace(EDGES, edgeFields(relationshipTypes)),
        hiddenKinds,
      );
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${FILE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
