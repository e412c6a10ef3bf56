import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, registerWebApp } from '../../src/http/web-app.js';

describe("the web app's files gzipped", () => {
  it('go to browsers whose Accept-Encoding takes gzip, not to those that refuse it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'GZIP'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('gzipped')).toBe(false);
  });

  it("are the build's gzipped copies when it wrote them, made at the first request otherwise", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'neohub-web-'));
    mkdirSync(path.join(dist, 'assets'));
    const script = 'console.log("built");'.repeat(50);
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), script);
    // The build's copy, told apart from one made here by its level.
    const built = gzipSync(script, { level: 1 });
    writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), built);
    const style = 'body { color: black; }'.repeat(50);
    writeFileSync(path.join(dist, 'assets', 'app-2.css'), style);
    const app = Fastify();
    registerWebApp(app, dist);
    const get = (url: string, encoding: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    try {
      const js = await get('/assets/app-1.js', 'gzip');
      expect(js.headers['content-encoding']).toBe('gzip');
      expect(js.rawPayload.equals(built)).toBe(true);
      const css = await get('/assets/app-2.css', 'gzip');
      expect(css.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(css.rawPayload).toString()).toBe(style);
      expect((await get('/assets/app-2.css', 'identity')).body).toBe(style);
      // The copies are not files of the app.
      expect((await get('/assets/app-1.js.gz', 'gzip')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
