import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type {
  ApiWrite,
  AspectWrite,
  CreateMode,
  EnvelopedAspect,
  FailedItem,
  Services,
} from '../../src/services/index.js';
import { capBatch, reportFailedItems, writeContext } from '../restli/index.js';
import { byEntityName } from './entity-read-routes.js';
import {
  aspectOut,
  echo,
  entityOut,
  urnAndAspect,
  wantsSyncIndex,
  writesOf,
  type ApiVersion,
} from './entity-shapes.js';
import { setOwn } from '../../src/json/index.js';
import { bool, isObj, type Json, list } from './params.js';
import { Q } from './query-params.js';

/** Writes of the versioned entity API: batch and single-aspect POST and PATCH, and DELETE. */
export function entityWriteRoutes(app: FastifyInstance, s: Services, version: ApiVersion): void {
  const P = `/openapi/${version}/entity`;

  /** After a write: wait for the search index when asked (every answer names the request's trace). */
  const written = async (req: FastifyRequest, writes: readonly AspectWrite[]) => {
    const header = String(req.headers['x-datahub-sync-index-update'] ?? '').toLowerCase() === 'true';
    if (header || wantsSyncIndex(writes)) await s.search.waitForIndex();
  };

  /**
   * The written aspects as stored now, one object per entity with only what was written, and for an
   * entity the write created, its key and default aspects too (DataHub answers with every aspect the
   * write stored).
   */
  const readBack = async (
    writes: readonly AspectWrite[],
    done: ApiWrite,
    withSM: boolean,
  ): Promise<Json[]> => {
    const urns = [...new Set(writes.map((w) => w.urn))];
    const views = await s.entityApi.read(urns, [
      ...writes.map((w) => w.aspect),
      ...[...done.defaults.values()].flat(),
    ]);
    return views.map((v) => {
      const names = new Set([
        ...writes
          .filter((w) => s.registry.parseEntityUrn(w.urn).parsed.urn === v.urn)
          .map((w) => s.entityApi.resolveAspect(s.registry.entity(v.entityName), w.aspect)?.name),
        ...(done.defaults.get(v.urn) ?? []),
      ]);
      const aspects: Record<string, EnvelopedAspect> = Object.fromEntries(
        Object.entries(v.aspects).filter(([n]) => names.has(n)),
      );
      // A time-series value is no latest aspect to read back: the answer echoes it, as DataHub's
      // answers carry what the request wrote.
      for (const w of writes) {
        const spec = s.entityApi.resolveAspect(s.registry.entity(v.entityName), w.aspect);
        if (!spec?.timeseries || !isObj(w.value) || s.registry.parseEntityUrn(w.urn).parsed.urn !== v.urn)
          continue;
        const systemMetadata = isObj(w.systemMetadata) ? w.systemMetadata : undefined;
        aspects[spec.name] = {
          name: spec.name,
          version: 0,
          value: w.value,
          created: { time: 0, actor: '' },
          ...(systemMetadata ? { systemMetadata } : {}),
        };
      }
      return entityOut({ ...v, aspects }, version, withSM);
    });
  };

  /**
   * The answer of an asynchronous write: what was sent, and with `systemMetadata=true` each aspect's
   * system metadata (and in v3 its audit stamp) as the write recorded it (neohub writes before it
   * answers), as DataHub answers with its request's; an item the write refused has none.
   */
  const accepted = async (
    req: FastifyRequest,
    writes: readonly AspectWrite[],
    refused: readonly FailedItem[] = [],
  ): Promise<Json[]> => {
    if (!bool(req, Q.systemMetadata)) return echo(writes, version);
    const skip = new Set(refused.map((f) => f.index));
    const keyOf = (w: AspectWrite): string => {
      const { parsed, entity } = s.registry.parseEntityUrn(w.urn);
      return `${parsed.urn}\u0000${s.entityApi.resolveAspect(entity, w.aspect)?.name ?? w.aspect}`;
    };
    const kept = writes.filter((_, i) => !skip.has(i));
    const views = await s.entityApi.read(
      [...new Set(kept.map((w) => w.urn))],
      kept.map((w) => w.aspect),
    );
    const stored = new Map<string, EnvelopedAspect>(
      views.flatMap((v) => Object.values(v.aspects).map((a) => [`${v.urn}\u0000${a.name}`, a] as const)),
    );
    return echo(writes, version, (w, i) => {
      const a = skip.has(i) ? undefined : stored.get(keyOf(w));
      if (!a) return undefined;
      const { value: _value, ...rest } = aspectOut(a, version, true);
      return rest;
    });
  };

  app.post(`${P}/:entityName`, async (req, reply) => {
    s.entityApi.entityKind((req.params as { entityName: string }).entityName);
    const writes = writesOf(req.body, version);
    capBatch(writes.length, s.config.maxBatchProposals, 'A batch write', 'aspects');
    // Asynchronous (the default): DataHub's queue checks each item as it writes it, so the good ones land
    // and the refused ones are named in a header; synchronous: all or nothing (docs/decisions/0057).
    if (bool(req, Q.asyncList)) {
      const { tasks, failed } = await s.entityApi.upsertEach(writes, writeContext(req));
      tasksHeader(reply, tasks);
      reportFailedItems(reply, failed);
      await written(req, writes);
      return reply.status(202).send(await accepted(req, writes, failed));
    }
    const done = await s.entityApi.upsert(writes, writeContext(req));
    tasksHeader(reply, done.tasks);
    await written(req, writes);
    const withSM = bool(req, Q.systemMetadata);
    return reply.send(await readBack(writes, done, withSM));
  });

  app.post(`${P}/:entityName/*`, async (req, reply) => {
    const { urn, aspect: asked } = urnAndAspect(req);
    if (!asked) throw new BadRequestError('Missing aspect name in path');
    s.entityApi.entityKind((req.params as { entityName: string }).entityName);
    const aspect = s.entityApi.requireAspect(s.registry.parseEntityUrn(urn).entity, asked).name;
    const b = req.body;
    const write: AspectWrite =
      version === 'v3'
        ? isObj(b)
          ? { urn, aspect, value: b.value, systemMetadata: b.systemMetadata, headers: b.headers }
          : { urn, aspect, value: undefined }
        : { urn, aspect, value: b };
    const mode: CreateMode = bool(req, Q.createIfEntityNotExists)
      ? 'CREATE_ENTITY'
      : bool(req, version === 'v3' ? Q.createIfNotExistsV3 : Q.createIfNotExistsV2)
        ? 'CREATE'
        : 'UPSERT';
    const done = await s.entityApi.create(write, mode, writeContext(req));
    tasksHeader(reply, done.tasks);
    await written(req, [write]);
    if (bool(req, Q.asyncOne)) return reply.status(202).send((await accepted(req, [write]))[0]);
    return reply.send((await readBack([write], done, bool(req, Q.systemMetadata)))[0]);
  });

  app.patch(`${P}/:entityName/*`, async (req, reply) => {
    const { urn, aspect: asked } = urnAndAspect(req);
    if (!asked) throw new BadRequestError('Missing aspect name in path');
    s.entityApi.entityKind((req.params as { entityName: string }).entityName);
    const aspect = s.entityApi.requireAspect(s.registry.parseEntityUrn(urn).entity, asked).name;
    const write: AspectWrite = { urn, aspect, value: req.body };
    const done = await s.entityApi.patch([write], writeContext(req));
    tasksHeader(reply, done.tasks);
    await written(req, [write]);
    if (bool(req, Q.asyncOne)) return reply.status(202).send();
    return reply.send((await readBack([write], done, bool(req, Q.systemMetadata)))[0]);
  });

  app.delete(`${P}/:entityName/*`, async (req, reply) => {
    const { urn, aspect } = urnAndAspect(req);
    if (aspect) await s.entityApi.deleteAspect(urn, aspect, writeContext(req));
    else
      tasksHeader(
        reply,
        await s.entityApi.delete(urn, list(req, 'aspects'), bool(req, Q.clear), writeContext(req)),
      );
    return reply.status(200).send();
  });

  if (version !== 'v3') return;

  app.patch(`${P}/:entityName`, async (req, reply) => {
    const writes = writesOf(req.body, 'v3');
    capBatch(writes.length, s.config.maxBatchProposals, 'A batch write', 'aspects');
    const done = await s.entityApi.patch(writes, writeContext(req));
    tasksHeader(reply, done.tasks);
    await written(req, writes);
    if (bool(req, Q.asyncList)) return reply.status(202).send();
    return reply.send(await readBack(writes, done, bool(req, Q.systemMetadata)));
  });

  /**
   * `/generic`: writes of several kinds at once (upserts or patches), answered per kind: the aspects as
   * stored, or (async) what `whenAsync` gives of the kind's writes.
   */
  const generic =
    (
      write: 'upsert' | 'patch',
      whenAsync: (req: FastifyRequest, writes: readonly AspectWrite[]) => Promise<Json[]>,
    ) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const groups = byEntityName(req.body, s).map(([name, items]) => [name, writesOf(items, 'v3')] as const);
      const all = groups.flatMap(([, w]) => w);
      capBatch(all.length, s.config.maxBatchProposals, 'A batch write', 'aspects');
      const done = await s.entityApi[write](all, writeContext(req));
      await written(req, all);
      const async = bool(req, Q.asyncList);
      const withSM = bool(req, Q.systemMetadata);
      const out: Record<string, Json[]> = {};
      for (const [name, w] of groups)
        setOwn(out, name, async ? await whenAsync(req, w) : await readBack(w, done, withSM));
      return reply.status(async ? 202 : 200).send(out);
    };
  app.post(`${P}/generic`, generic('upsert', accepted));
  app.patch(
    `${P}/generic`,
    generic('patch', async () => []),
  );
}

/**
 * Writes that start background work (a structured property's hard delete or new version) name the tasks
 * in `X-Neohub-Tasks`, for `getEsTaskStatus`.
 */
function tasksHeader(reply: FastifyReply, tasks: readonly string[]): void {
  if (tasks.length) reply.header('x-neohub-tasks', tasks.join(','));
}
