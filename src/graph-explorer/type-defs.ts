import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = join('graph-schema', 'explorer.graphql');

/**
 * The explorer's type definitions, read from `graph-schema/explorer.graphql`: the nearest one above this
 * module, so that it is found from `src/` (tests) and from `dist/src/` (the build) alike.
 */
export function explorerTypeDefs(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FILE);
    if (existsSync(candidate)) return readFileSync(candidate, 'utf8');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${FILE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
