import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

interface Asset {
  readonly pkg: string;
  readonly file: string;
  readonly type: string;
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/**
 * The browser bundles GraphiQL needs, served from the installed npm packages (no CDN): GraphiQL 4's UMD
 * bundle and stylesheet, and the UMD builds of React 18 it expects as globals. Named by their URL.
 */
export const GRAPHIQL_ASSETS: Readonly<Record<string, Asset>> = {
  'react.production.min.js': { pkg: 'react', file: 'umd/react.production.min.js', type: JS },
  'react-dom.production.min.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: JS },
  'graphiql.min.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: JS },
  'graphiql.min.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: CSS },
};

const loaded = new Map<string, Promise<Buffer>>();

/** The asset's bytes, read from its package's folder (found from this module, in src/ or dist/) once. */
export function readAsset(name: string, asset: Asset): Promise<Buffer> {
  let bytes = loaded.get(name);
  if (!bytes) {
    const folder = dirname(require.resolve(`${asset.pkg}/package.json`));
    bytes = readFile(join(folder, asset.file));
    bytes.catch(() => loaded.delete(name));
    loaded.set(name, bytes);
  }
  return bytes;
}
