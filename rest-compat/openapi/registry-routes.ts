import type { FastifyInstance } from 'fastify';
import { BadRequestError, NotFoundError } from '../../src/errors/index.js';
import type { AspectSpec, EntitySpec } from '../../src/registry/index.js';
import type { Services } from '../../src/services/index.js';
import { int } from './params.js';
import { Q } from './query-params.js';

type Json = Record<string, unknown>;

/** The entity registry as DataHub's `/openapi/v1/registry/models/...` describes it (what the client reads). */
export function registryRoutes(app: FastifyInstance, s: Services): void {
  const aspectDto = (a: AspectSpec): Json => ({
    aspectAnnotation: { name: a.name, timeseries: a.timeseries === true, autoRender: false },
    searchableFieldSpec: Object.fromEntries(
      (a.searchable ?? []).map((f) => [f.path, { searchableAnnotation: f }]),
    ),
    relationshipFieldSpec: Object.fromEntries(
      (a.relationships ?? []).map((r) => [r.path, { relationshipAnnotation: r }]),
    ),
    registryName: 'neohub',
    registryVersion: '0.0.0',
  });
  const aspectsOf = (e: EntitySpec): AspectSpec[] =>
    e.aspects.map((n) => s.registry.findAspect(n)).filter((a): a is AspectSpec => a !== undefined);
  const entityDto = (e: EntitySpec): Json => {
    const aspects = aspectsOf(e);
    const key = s.registry.keyAspectOf(e);
    return {
      name: e.name,
      entityAnnotation: { name: e.name, keyAspect: key.name },
      keyAspectName: key.name,
      keyAspectSpec: aspectDto(key),
      aspectSpecs: aspects.map(aspectDto),
      aspectSpecMap: Object.fromEntries(aspects.map((a) => [a.name, aspectDto(a)])),
      ...(e.snapshot ? { snapshotSchemaName: e.snapshot.split('.').at(-1) } : {}),
    };
  };
  const page = <T>(items: T[], start: number, count: number, dto: (t: T) => Json): Json => {
    if (items.length && start > items.length - 1)
      throw new BadRequestError(`Start offset ${start} exceeds total ${items.length - 1}`);
    const elements = items.slice(start, start + count).map(dto);
    return { elements, start, count: elements.length, total: items.length };
  };
  const sorted = (): EntitySpec[] => [...s.registry.allEntities()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const entity = (name: string): EntitySpec => {
    const e = s.registry.findEntity(name);
    if (!e) throw new NotFoundError(`Entity ${name} not found`);
    return e;
  };

  const base = '/openapi/v1/registry/models';
  app.get(`${base}/entity/specifications`, async (req, reply) =>
    reply.send(page(sorted(), int(req, Q.start), int(req, Q.entitySpecCount), entityDto)),
  );
  app.get(`${base}/entity/specifications/:entityName`, async (req, reply) =>
    reply.send(entityDto(entity((req.params as { entityName: string }).entityName))),
  );
  app.get(`${base}/entity/specifications/:entityName/aspects`, async (req, reply) => {
    const e = entity((req.params as { entityName: string }).entityName);
    return reply.send(Object.fromEntries(aspectsOf(e).map((a) => [a.name, aspectDto(a)])));
  });
  app.get(`${base}/aspect/specifications`, async (req, reply) => {
    const all = [...s.registry.allAspects()].sort((a, b) => (a.name < b.name ? -1 : 1));
    return reply.send(page(all, int(req, Q.start), int(req, Q.aspectSpecCount), aspectDto));
  });
  app.get(`${base}/aspect/specifications/:aspectName`, async (req, reply) => {
    const a = s.registry.findAspect((req.params as { aspectName: string }).aspectName);
    if (!a) throw new NotFoundError('Aspect not found');
    return reply.send(aspectDto(a));
  });
}
