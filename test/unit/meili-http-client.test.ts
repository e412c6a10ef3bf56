import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeiliHttpError, meiliHttpClient } from '../../search-sync/meilisearch/http-client.js';

/** A server that answers each request with what it received (or an error for /fail). */
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      res.statusCode = req.url === '/fail' ? 400 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(
        req.url === '/fail'
          ? JSON.stringify({ message: 'bad filter', code: 'invalid_search_filter' })
          : JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

type Echo = { method: string; url: string; headers: Record<string, string>; body: string };

describe('the Meilisearch HTTP client', () => {
  it('sends the headers of a Headers object the client reuses, on every call', async () => {
    const call = meiliHttpClient();
    const headers = new Headers({ Authorization: 'Bearer k1', 'Content-Type': 'application/json' });
    for (const q of ['a', 'b']) {
      const body = JSON.stringify({ q });
      const echo = (await call(new URL('/indexes/x/search', base), {
        method: 'POST',
        headers,
        body,
      })) as Echo;
      expect(echo).toMatchObject({ method: 'POST', url: '/indexes/x/search', body });
      expect(echo.headers).toMatchObject({
        authorization: 'Bearer k1',
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      });
    }
    // A GET (no body) after a POST with the same headers carries no content length.
    const get = (await call(new URL('/health', base), { method: 'GET', headers })) as Echo;
    expect(get.headers['content-length']).toBeUndefined();
    expect(get.headers.authorization).toBe('Bearer k1');
  });

  it('takes a URL string and plain headers too', async () => {
    const echo = (await meiliHttpClient()(`${base}/tasks?limit=1`, { headers: { 'X-Test': 'yes' } })) as Echo;
    expect(echo).toMatchObject({ method: 'GET', url: '/tasks?limit=1' });
    expect(echo.headers['x-test']).toBe('yes');
  });

  it("throws Meilisearch's error body as the cause of an error status", async () => {
    const err = (await meiliHttpClient()(`${base}/fail`).catch((e: unknown) => e)) as MeiliHttpError;
    expect(err).toBeInstanceOf(MeiliHttpError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_search_filter');
  });
});
