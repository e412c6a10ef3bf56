#!/usr/bin/env node
// Builds the web app (web/) into web/dist with Vite when its sources changed since the last build: a
// hash of web/'s sources, its config, the schema and registry it derives from, and the lockfile is kept in web/dist/.stamp. `npm run build` (and so
// `npm start`) runs it; `--force` builds anyway. Each text asset gets a gzipped copy beside it (`<name>.gz`),
// which the server sends to browsers that accept gzip (src/http/web-app.ts) without compressing at start.
// The type check of web/ is `tsc -p web/tsconfig.json`, which the test command runs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.stamp');

function files(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? files(p) : [p];
    });
}

const hash = createHash('sha256');
for (const f of [
  ...files(path.join(web, 'src')),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'entity-fields-plugin.ts'),
  path.join(root, 'graph-schema', 'datahub.graphql'),
  path.join(root, 'src', 'registry', 'generated', 'datahub-model.json'),
  path.join(root, 'package-lock.json'),
  // This script too: what it writes beside the build (the gzipped copies) is part of the build.
  fileURLToPath(import.meta.url),
]) {
  hash.update(path.relative(root, f));
  hash.update(readFileSync(f));
}
const stamp = hash.digest('hex');
if (!process.argv.includes('--force') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp)
  process.exit(0);

const started = Date.now();
const { build } = await import('vite');
await build({ configFile: path.join(web, 'vite.config.ts'), logLevel: 'warn' });
const assets = path.join(dist, 'assets');
for (const name of existsSync(assets) ? readdirSync(assets) : [])
  if (/\.(js|css|svg)$/.test(name))
    writeFileSync(
      path.join(assets, `${name}.gz`),
      gzipSync(readFileSync(path.join(assets, name)), { level: 9 }),
    );
writeFileSync(stampFile, stamp);
process.stdout.write(`web app built into web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
