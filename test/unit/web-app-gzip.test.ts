import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../src/http/web-app.js';

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
});
