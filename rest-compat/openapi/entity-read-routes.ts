import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { aspectOut, entityOut, urnAndAspect, type ApiVersion } from './entity-shapes.js';
import { setOwn } from '../../src/json/index.js';
import { bool, int, isObj, type Json, list } from './params.js';
import { Q } from './query-params.js';

/** Reads of the versioned entity API: one entity or aspect (GET, HEAD), and batch gets. */
export function entityReadRoutes(app: FastifyInstance, s: Services, version: ApiVersion): void {
  const P = `/openapi/${version}/entity`;

  app.get(`${P}/:entityName/*`, { exposeHeadRoute: false }, async (req, reply) => {
    const { urn, aspect } = urnAndAspect(req);
    const withSM = bool(req, Q.systemMetadata);
    if (aspect) {
      const found = await s.entityApi.aspect(urn, aspect, int(req, Q.version));
      return reply.send(aspectOut(found, version, withSM));
    }
    const view = await s.entityApi.entity(urn, list(req, 'aspects', 'aspectNames'));
    return reply.send(entityOut(view, version, withSM));
  });

  app.head(`${P}/:entityName/*`, async (req, reply) => {
    const { urn, aspect } = urnAndAspect(req);
    const found = aspect ? await s.entityApi.aspectExists(urn, aspect) : await s.entityApi.entityExists(urn);
    return reply.status(found ? 204 : 404).send();
  });

  if (version === 'v3') {
    app.post(`${P}/:entityName/batchGet`, async (req, reply) =>
      reply.send(await batchGet(s, req.body, bool(req, Q.systemMetadata))),
    );
    app.post(`${P}/generic/batchGet`, async (req, reply) => {
      const withSM = bool(req, Q.systemMetadata);
      const out: Record<string, Json[]> = {};
      for (const [name, items] of byEntityName(req.body, s))
        setOwn(out, name, await batchGet(s, items, withSM));
      return reply.send(out);
    });
  } else {
    app.post(`${P}/batch/:entityName`, async (req, reply) => {
      const b = isObj(req.body) ? req.body : {};
      const urns = Array.isArray(b.urns) ? b.urns.map(String) : [];
      const names = Array.isArray(b.aspectNames) ? b.aspectNames.map(String) : [];
      const views = await s.entityApi.read(urns, names);
      return reply.send({
        entities: views
          .filter((v) => Object.keys(v.aspects).length)
          .map((v) => entityOut(v, 'v2', b.withSystemMetadata === true)),
      });
    });
  }
}

/**
 * v3 batchGet: `[{urn, <aspect>: {} | {headers: {If-Version-Match: n}}}]`; an item naming no known aspect
 * gets all of them. Answers the entities that have any, in request order.
 */
async function batchGet(s: Services, body: unknown, withSM: boolean): Promise<Json[]> {
  if (!Array.isArray(body)) return [];
  const items = new Map<string, Json>();
  for (const item of body) {
    if (!isObj(item) || typeof item.urn !== 'string' || !item.urn)
      throw new BadRequestError('Missing `urn` field');
    if (!items.has(item.urn)) items.set(item.urn, item);
  }
  const batch = [...items].map(([urn, item]) => ({
    urn,
    aspects: Object.keys(item)
      .filter((k) => k !== 'urn')
      .map((k) => ({ name: k, version: versionMatch(item[k], k) })),
  }));
  const views = await s.entityApi.batchGet(batch);
  return views.map((view) => entityOut(view, 'v3', withSM));
}

/** The `If-Version-Match` header of an aspect of a batchGet item: the version it asks for, if any. */
function versionMatch(spec: unknown, aspect: string): number | undefined {
  const v = (spec as { headers?: Record<string, unknown> } | undefined)?.headers?.['If-Version-Match'];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new BadRequestError(`If-Version-Match of ${aspect} must be a number`);
  return n;
}

/** A cross-entity body `{<entityName>: [...]}`; every value must be a list. */
export function byEntityName(body: unknown, s: Services): [string, unknown[]][] {
  if (!isObj(body)) throw new BadRequestError('Request body must be an object keyed by entity name');
  return Object.entries(body).map(([name, v]) => {
    s.entityApi.entityKind(name);
    if (!Array.isArray(v)) throw new BadRequestError(`Value of property '${name}' must be an array`);
    return [name, v];
  });
}
