import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The pages of the web app (its client-side routes): each answers the app's page. */
export const WEB_PAGES = ['/', '/search', '/login', '/entity/*', '/lineage/*', '/admin'] as const;

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
  const assets = new Map<string, { type: string; bytes: Buffer }>();
  const folder = path.join(dist, 'assets');
  if (existsSync(folder))
    for (const name of readdirSync(folder)) {
      const type = TYPES[path.extname(name)];
      if (type) assets.set(name, { type, bytes: readFileSync(path.join(folder, name)) });
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
    return reply
      .type(asset.type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(asset.bytes);
  });
}
