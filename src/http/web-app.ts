import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** The pages of the web app (its client-side routes): each answers the app's page. */
export const WEB_PAGES = [
  '/',
  '/search',
  '/login',
  // DataHub's addresses of an invite link (`?invite_token=`) and a password reset link (`?reset_token=`).
  '/signup',
  '/reset',
  '/entity/*',
  '/lineage/*',
  '/admin',
] as const;

/**
 * What the app's pages may load: scripts, styles and data from neohub only, no inline script, no
 * framing, no plugins. Metadata is user data: the app renders it as text, and this is the second wall.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The files sent gzipped to browsers that accept it. */
const COMPRESSED = /\.(js|css|svg)$/;

/** A file of the app: its type and bytes; for a text file, its gzipped bytes once read or made. */
interface Asset {
  readonly type: string;
  readonly bytes: Buffer;
  readonly compressed: boolean;
  gzipped?: Buffer;
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The folder the app is built into (`web/dist` of the project), found from this module's place. */
export function webDist(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = path.dirname(dir))
    if (existsSync(path.join(dir, 'web', 'index.html'))) return path.join(dir, 'web', 'dist');
  return path.resolve('web', 'dist');
}

/**
 * The web app (web/, built by `npm run build`), at `/` with the API where it is: its pages answer its
 * `index.html` (no-cache, with the Content-Security-Policy), its files under `/assets/` (named by their
 * content's hash: cached for a year). The files are read once, at start; nothing else on disk is served.
 * Unbuilt, the pages say how to build it.
 */
export function registerWebApp(app: FastifyInstance, dist = webDist()): void {
  const indexFile = path.join(dist, 'index.html');
  const page = existsSync(indexFile)
    ? readFileSync(indexFile)
    : Buffer.from(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>neohub</title></head><body><p>The web app is not built: run <code>npm run build</code>, then start neohub again. The API answers as usual.</p></body></html>',
      );
  // Text files are sent gzipped to the browsers that accept it (all do): the first page's script is a
  // third of its size on the wire. The build writes each one's gzipped copy (`<name>.gz`,
  // scripts/build-web.mjs); without one (an older build), it is made at its first request, not at start:
  // compressing every file at level 9 was most of a server's start (8 s of the HTTP tier's 127 CPU-s).
  const assets = new Map<string, Asset>();
  const folder = path.join(dist, 'assets');
  if (existsSync(folder))
    for (const name of readdirSync(folder)) {
      const type = TYPES[path.extname(name)];
      if (!type) continue;
      const bytes = readFileSync(path.join(folder, name));
      const compressed = COMPRESSED.test(name);
      const zipped = path.join(folder, `${name}.gz`);
      assets.set(name, {
        type,
        bytes,
        compressed,
        ...(compressed && existsSync(zipped) ? { gzipped: readFileSync(zipped) } : {}),
      });
    }
  for (const url of WEB_PAGES)
    app.get(url, async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'same-origin')
        .send(page),
    );
  app.get('/assets/*', async (req, reply) => {
    const asset = assets.get((req.params as { '*': string })['*']);
    if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    reply
      .type(asset.type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff');
    if (!asset.compressed) return reply.send(asset.bytes);
    reply.header('Vary', 'Accept-Encoding');
    if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(asset.bytes);
    asset.gzipped ??= gzipSync(asset.bytes, { level: 9 });
    return reply.header('Content-Encoding', 'gzip').send(asset.gzipped);
  });
}
