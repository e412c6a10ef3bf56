import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiJson, SWAGGER_UI_ASSETS } from '../../rest-compat/openapi/document/index.js';
import { defaultRegistry } from '../../src/registry/index.js';
import type { Runtime } from '../../src/runtime.js';
import { openApiProblems } from '../support/openapi-check.js';
import { get, httpClient } from '../support/http.js';
import { startTestServer } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

/** Requests as a browser's address bar makes them: no headers of ours, redirects not followed. */
const { call } = httpClient(() => rt.url, { headers: {}, redirect: 'manual' });

describe('the OpenAPI document and Swagger UI', () => {
  it('serves the document at /openapi/v3/api-docs: the generated one, valid, every entity kind', async () => {
    const res = await call('GET', '/openapi/v3/api-docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = res.bytes.toString('utf8');
    expect(text === openApiJson(defaultRegistry())).toBe(true);
    const doc = JSON.parse(text);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toBeUndefined();
    expect(openApiProblems(doc)).toEqual([]);
    for (const e of defaultRegistry().allEntities()) {
      const P = `/openapi/v3/entity/${e.name.toLowerCase()}`;
      expect(Object.keys(doc.paths[P] ?? {})).toEqual(expect.arrayContaining(['get', 'post', 'patch']));
      expect(doc.paths[`/openapi/v2/entity/${e.name.toLowerCase()}`]).toBeDefined();
      expect(doc.components.schemas).toHaveProperty(
        `${e.name.charAt(0).toUpperCase()}${e.name.slice(1)}EntityResponse_v3`,
      );
    }
    for (const p of [
      '/openapi/relationships/v1/',
      '/openapi/v3/relationship/scroll',
      '/openapi/v1/trace/write/{traceId}',
      '/openapi/v1/registry/models/entity/specifications',
      '/openapi/v3/entity/scroll',
      '/openapi/v3/entity/generic',
    ])
      expect(doc.paths).toHaveProperty([p]);
  }, 60_000);

  it('says where the token goes: Swagger UI shows the description and the bearer scheme behind Authorize', async () => {
    const doc = (await get(rt.url, '/openapi/v3/api-docs')).body;
    expect(doc.info.description).toContain('Every call needs a token: press Authorize and paste one');
    expect(doc.info.description).toContain('the root token in `.neohub/root-token`');
    expect(doc.info.description).toContain("a personal token made on the web app's Admin page");
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearerAuth.description).toContain(
      'sent as `Authorization: Bearer <token>`',
    );
  });

  it('serves it under the /gms and /api/gms prefixes with that prefix as its server', async () => {
    for (const prefix of ['/gms', '/api/gms']) {
      const res = await get(rt.url, `${prefix}/openapi/v3/api-docs`);
      expect(res.status).toBe(200);
      expect(res.body.servers).toEqual([{ url: prefix }]);
      const config = await get(rt.url, `${prefix}/openapi/v3/api-docs/swagger-config`);
      expect(config.body.urls).toEqual([
        { url: `${prefix}/openapi/v3/api-docs`, name: 'DataHub v3 (OpenAPI)' },
      ]);
    }
  });

  it('lists the document in /openapi/v3/api-docs/swagger-config', async () => {
    const res = await get(rt.url, '/openapi/v3/api-docs/swagger-config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configUrl: '/openapi/v3/api-docs/swagger-config',
      url: '/openapi/v3/api-docs',
      urls: [{ url: '/openapi/v3/api-docs', name: 'DataHub v3 (OpenAPI)' }],
      validatorUrl: 'none',
    });
  });

  it('serves Swagger UI offline: its page loads only its own assets, which are served', async () => {
    const page = await call('GET', '/openapi/swagger-ui/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.bytes.toString('utf8');
    expect(html).toContain("configUrl: '../v3/api-docs/swagger-config'");
    expect(html).not.toMatch(/https?:\/\//);
    const loaded = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]);
    expect(loaded.sort()).toEqual(Object.keys(SWAGGER_UI_ASSETS).sort());
    for (const [name, asset] of Object.entries(SWAGGER_UI_ASSETS)) {
      const res = await call('GET', `/api/gms/openapi/swagger-ui/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe(asset.type);
      expect(res.bytes.length, name).toBeGreaterThan(100);
    }
    const bundle = await call('GET', '/openapi/swagger-ui/swagger-ui-bundle.js');
    expect(bundle.bytes.toString('utf8')).toContain('SwaggerUIBundle');
  });

  it('redirects the short Swagger UI addresses to its page, under the same prefix', async () => {
    for (const [path, to] of [
      ['/openapi/swagger-ui', '/openapi/swagger-ui/index.html'],
      ['/gms/openapi/swagger-ui.html', '/gms/openapi/swagger-ui/index.html'],
    ]) {
      const res = await call('GET', path as string);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(to);
    }
  });
});
