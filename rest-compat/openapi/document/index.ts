import type { Registry } from '../../../src/registry/index.js';
import { commonComponents, type Json } from './common.js';
import { crossEntityComponents, entityComponents } from './entity-components.js';
import { entityParameters } from './entity-paths.js';
import { v2EntityPaths } from './entity-paths-v2.js';
import { v3EntityPaths, v3GenericPaths } from './entity-paths-v3.js';
import { SchemaComponents } from './json-schema.js';
import { registryPaths, relationshipPaths, tracePaths } from './other-paths.js';
import { eventsPaths } from './events-paths.js';
import { timelinePaths } from './timeline-paths.js';
import { servicePaths } from './service-paths.js';
import { openLineagePaths } from './openlineage-paths.js';

export { swaggerUiPage, SWAGGER_UI_ASSETS, readSwaggerUiAsset } from './swagger-ui.js';

const sortKeys = <T>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The OpenAPI 3.1 document of neohub's OpenAPI routes, derived from the registry: DataHub's v3 entity API
 * (one path per entity kind and per aspect, component names as DataHub's generator gives them), the v2
 * API (aspects under one parameterized path), the relationship, trace and registry routes. `prefix` is
 * the path prefix it is served under (`/gms`...): it becomes the relative server URL.
 */
export function openApiDocument(registry: Registry, prefix = ''): Json {
  const c = new SchemaComponents();
  const { parameters, responses, headers } = commonComponents(c);
  const entities = [...registry.allEntities()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const v3: Record<string, Json> = {};
  const v2: Record<string, Json> = {};
  for (const e of entities) {
    entityComponents(registry, c, e);
    Object.assign(parameters, entityParameters(registry, e));
    Object.assign(v3, v3EntityPaths(registry, c, e));
    Object.assign(v2, v2EntityPaths(registry, c, e));
  }
  crossEntityComponents(registry, c);
  const paths = {
    ...v3GenericPaths(),
    ...v3,
    ...v2,
    ...relationshipPaths(registry, c),
    ...tracePaths(c),
    ...timelinePaths(c),
    ...eventsPaths(c),
    ...servicePaths(c),
    ...openLineagePaths(c),
    ...registryPaths(registry, c),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Entity API',
      description:
        "neohub's DataHub-compatible OpenAPI: the v3 and v2 entity API, relationships, write traces and the entity registry. Errors are `{error, message?}`; what does not exist is an empty 404 with `Not-Found-Reason: ENTITY`. Every call needs a token: press Authorize and paste one (the root token in `.neohub/root-token`, or a personal token made on the web app's Admin page or with `createAccessToken`).",
      version: 'v3',
    },
    ...(prefix ? { servers: [{ url: prefix }] } : {}),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A neohub access token, sent as `Authorization: Bearer <token>`: the root token (`.neohub/root-token`) or a personal token (the web app's Admin page, or createAccessToken).",
        },
      },
      schemas: sortKeys(c.schemas),
      parameters: sortKeys(parameters),
      responses: sortKeys(responses),
      headers: sortKeys(headers),
    },
  };
}

const cache = new WeakMap<Registry, Map<string, string>>();

/** The document as JSON text (two-space indented), built once per registry and prefix. */
export function openApiJson(registry: Registry, prefix = ''): string {
  let byPrefix = cache.get(registry);
  if (!byPrefix) cache.set(registry, (byPrefix = new Map()));
  let text = byPrefix.get(prefix);
  if (text === undefined) {
    text = `${JSON.stringify(openApiDocument(registry, prefix), null, 2)}\n`;
    byPrefix.set(prefix, text);
  }
  return text;
}
