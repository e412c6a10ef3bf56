import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCompatRoutes } from '../../rest-compat/index.js';
import { openApiDocument, openApiJson } from '../../rest-compat/openapi/document/index.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import type { Services } from '../../src/services/index.js';
import { openApiProblems, operationsOf } from '../support/openapi-check.js';

const registry = defaultRegistry();
const doc = openApiDocument(registry) as Record<string, any>;

/** Routes that serve the document and Swagger UI: not part of the API they describe. */
const DOCS = /^\/openapi\/(v3\/api-docs|swagger-ui)/;

/**
 * The OpenAPI routes as registered (prefix ''), each answering with its own pattern in `x-route`, so
 * that a request shows which route Fastify picks for it.
 */
async function routedApp() {
  const app = Fastify();
  const routes: { method: string; url: string; autoHead: boolean }[] = [];
  const gets = new Map<string, boolean>();
  app.addHook('onRoute', (r) => {
    const method = String(r.method);
    if (!r.url.startsWith('/openapi') || DOCS.test(r.url)) return;
    if (method === 'GET') gets.set(r.url, r.exposeHeadRoute !== false);
    routes.push({ method, url: r.url, autoHead: method === 'HEAD' && gets.get(r.url) === true });
    const name = `${method} ${r.url}`;
    r.handler = async (_req, reply) => reply.header('x-route', name).send();
  });
  await registerCompatRoutes(app, { registry } as unknown as Services, createLogger('error'));
  await app.ready();
  return { app, routes: routes.filter((r) => !r.autoHead) };
}

/** Served on purpose by a route that ignores the segment: `generic` stands for any entity kind (as in DataHub). */
const ANY_KIND = /^\/openapi\/v3\/entity\/generic\/\{urn\}$/;

const SAMPLE: Record<string, string> = {
  urn: encodeURIComponent('urn:li:dataset:(urn:li:dataPlatform:hive,sample,PROD)'),
  aspectName: 'status',
  entityName: 'dataset',
  traceId: '0'.repeat(32),
};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose schemas compile and examples fit', () => {
    expect(openApiProblems(doc)).toEqual([]);
  }, 60_000);

  it('is checked by a checker that finds problems', () => {
    const broken = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a/{x}': { get: { operationId: 'a', responses: { '200': { $ref: '#/nope' } } } } },
      components: { schemas: { S: { type: 'object', propertees: {} }, U: { type: 'string', example: 1 } } },
    };
    expect(openApiProblems(broken)).toEqual([
      'GET /a/{x}: path parameter x must be declared once, required',
      'unresolved $ref #/nope',
      expect.stringContaining('unknown keyword: "propertees"'),
      'schema U: example 1 does not fit the schema',
    ]);
    delete (broken.components.schemas.S as Record<string, unknown>).propertees;
    expect(openApiProblems(broken)).toContain('schema U: example 1 does not fit the schema');
  });

  it('has the paths of every entity kind, in v3 per aspect, and DataHub component names', () => {
    for (const e of registry.allEntities()) {
      const P = `/openapi/v3/entity/${e.name.toLowerCase()}`;
      expect(doc.paths[P]).toHaveProperty('get');
      expect(doc.paths[`${P}/{urn}`]).toHaveProperty('head');
      expect(doc.paths[`/openapi/v2/entity/${e.name.toLowerCase()}/{urn}/{aspectName}`]).toHaveProperty(
        'post',
      );
      for (const a of e.aspects) expect(doc.paths[`${P}/{urn}/${a.toLowerCase()}`]).toHaveProperty('get');
    }
    const schemas = doc.components.schemas;
    for (const name of [
      'DatasetEntityResponse_v3',
      'DatasetEntityRequest_v3',
      'ScrollDatasetEntityResponse_v3',
      'BatchGetDatasetEntityRequest_v3',
      'DatasetEntityRequestPatch_v3',
      'CorpuserEntityResponse_v3',
      'MlModelEntityResponse_v3',
      'DatasetPropertiesAspectRequest_v3',
      'GlobalTagsAspectResponse_v3',
      'CrossEntitiesRequest_v3',
      'ScrollEntitiesEntityResponse_v3',
      'AspectPatch',
      'SystemMetadata',
      'AuditStamp',
    ])
      expect(schemas).toHaveProperty(name);
    expect(doc.components.parameters).toHaveProperty('PaginationCount_v3');
    // Unions are keyed by member FQN, as Rest.li JSON writes them.
    const field = schemas.SchemaField.properties.type;
    expect(schemas[field.$ref.split('/').at(-1)].properties.type.oneOf[0].required[0]).toMatch(
      /^com\.linkedin\.schema\./,
    );
  });

  it('describes exactly the routes registered, each operation served by the route it means', async () => {
    const { app, routes } = await routedApp();
    const statics = new Set(routes.flatMap((r) => r.url.split('/').filter((s) => s && !/^[:*]/.test(s))));
    const served = new Set<string>();
    const problems: string[] = [];
    for (const { path, method } of operationsOf(doc)) {
      const url = path.replace(/\{([^}]+)\}/g, (_, p: string) => SAMPLE[p] ?? 'x');
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url });
      const route = res.headers['x-route'];
      if (typeof route !== 'string') {
        problems.push(`${method} ${path}: no route (${res.statusCode})`);
        continue;
      }
      served.add(route);
      // A segment the route reads as a parameter is a parameter of the document too, or a name the
      // route parameter stands for (an entity kind), never a literal another route matches; the
      // route's wildcard is where the document's {urn} is.
      const segs = route.split(' ')[1]!.split('/');
      const docSegs = path.split('/');
      for (let i = 0; i < segs.length; i++) {
        const seg = segs[i]!;
        const d = docSegs[i] ?? '';
        if (seg === '*' && d !== '{urn}') problems.push(`${method} ${path}: ${d} served by ${route}'s *`);
        // (An entity kind named like a literal of another route, `api` of the OpenLineage path, is
        // still the kind where the route reads `:entityName`.)
        const kind = seg === ':entityName' && registry.findEntity(d) !== undefined;
        if (seg.startsWith(':') && statics.has(d) && !ANY_KIND.test(path) && !kind)
          problems.push(`${method} ${path}: ${d} read as ${seg}`);
      }
    }
    for (const r of routes)
      if (!served.has(`${r.method} ${r.url}`)) problems.push(`${r.method} ${r.url}: not in the document`);
    await app.close();
    expect(problems).toEqual([]);
  });

  it('stays a reasonable size: under 16 KB per entity kind and aspect it documents', () => {
    const pairs = registry.allEntities().reduce((n, e) => n + e.aspects.length, 0);
    // What grows with the registry: the document without the paths that are there once (relationships,
    // trace, timeline, events, the service paths...), which do not repeat per kind or aspect.
    const once = Object.entries(doc.paths as Record<string, unknown>).filter(
      ([p]) => !/^\/openapi\/v[23]\/entity\//.test(p),
    );
    const onceChars = JSON.stringify(Object.fromEntries(once), null, 2).length;
    expect((openApiJson(registry).length - onceChars) / pairs).toBeLessThan(16_000);
  });
});
