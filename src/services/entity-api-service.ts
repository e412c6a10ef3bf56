import { BadRequestError, NotFoundError } from '../errors/index.js';
import { parseDefaulted, type Registry } from '../registry/index.js';
import type { AspectSpec, EntitySpec } from '../registry/index.js';
import type { FailedItem, IngestResult, IngestService } from './ingest-service.js';
import type { Proposal, WriteContext } from './proposal.js';
import type { EntityView, EnvelopedAspect, ReadService } from './read-service.js';

/** One aspect to write, as the versioned entity API receives it. */
export interface AspectWrite {
  readonly urn: string;
  readonly aspect: string;
  readonly value: unknown;
  readonly systemMetadata?: unknown;
  readonly headers?: unknown;
}

/** How a single-aspect POST writes: create only (the default), create the entity only, or upsert. */
export type CreateMode = 'CREATE' | 'CREATE_ENTITY' | 'UPSERT';

/**
 * What a write of the entity API did: the background tasks it started, and per entity it created, the
 * aspects the write stored besides those asked (the key and default aspects, as DataHub's answer
 * lists them).
 */
export interface ApiWrite {
  readonly tasks: readonly string[];
  readonly defaults: ReadonlyMap<string, readonly string[]>;
}

/** The aspects written to entities whose key aspect the write created (entities new to the store). */
function defaultsOf(registry: Registry, res: IngestResult): ReadonlyMap<string, readonly string[]> {
  const byUrn = new Map<string, string[]>();
  for (const c of res.changeLog) if (c.aspect) byUrn.set(c.urn, [...(byUrn.get(c.urn) ?? []), c.aspect]);
  const out = new Map<string, string[]>();
  for (const [urn, aspects] of byUrn) {
    const key = registry.findEntity(res.changeLog.find((c) => c.urn === urn)?.entityType ?? '')?.keyAspect;
    if (key && aspects.includes(key)) out.set(urn, aspects);
  }
  return out;
}

const PATCH_CT = 'application/json-patch+json';

/**
 * The versioned entity API's operations (DataHub's OpenAPI v2/v3), over the same read and write
 * services as every other transport. URNs decide the entity type; aspect names resolve exactly or
 * all-lowercase, as DataHub's controllers resolve them.
 */
export class EntityApiService {
  constructor(
    private readonly registry: Registry,
    private readonly reads: ReadService,
    private readonly ingest: IngestService,
    private readonly maxPageSize = 10_000,
  ) {}

  /** The entity kind of a path segment (case-insensitive); 400 when there is none. */
  entityKind(name: string): EntitySpec {
    const e = this.registry.findEntity(name);
    if (!e) throw new BadRequestError(`Failed to find entity with name ${name} in EntityRegistry`);
    return e;
  }

  /** The aspect of an entity kind a name means (exact or all-lowercase), if any. */
  resolveAspect(entity: EntitySpec, name: string): AspectSpec | undefined {
    const exact = entity.aspects.find((a) => a === name);
    const found = exact ?? entity.aspects.find((a) => a.toLowerCase() === name);
    return found ? this.registry.findAspect(found) : undefined;
  }

  /** Like `resolveAspect`, but unknown names are a validation error naming the aspect. */
  requireAspect(entity: EntitySpec, name: string): AspectSpec {
    const a = this.resolveAspect(entity, name);
    if (!a) return this.registry.aspectOf(entity, name);
    return a;
  }

  /**
   * The latest aspects of entities; with names, only those (unknown names dropped). Entities without
   * any of them come back with no aspects.
   */
  async read(urns: readonly string[], names?: readonly string[]): Promise<EntityView[]> {
    if (!urns.length) return [];
    if (urns.length > this.maxPageSize)
      throw new BadRequestError(`At most ${this.maxPageSize} entities per request, got ${urns.length}`);
    const specs = urns.map((u) => this.registry.parseEntityUrn(u).entity);
    const wanted = names?.length
      ? [
          ...new Set(
            specs.flatMap((e) =>
              names.map((n) => this.resolveAspect(e, n)?.name).filter((n) => n !== undefined),
            ),
          ),
        ]
      : undefined;
    if (wanted && !wanted.length) return urns.map((u) => this.emptyView(u));
    return this.reads.entities(urns, wanted);
  }

  /**
   * The entities of a batch read (v3 batchGet), in request order: each with the aspects it names (all of
   * them when it names none it knows), the latest version unless the item asks for one; an asked version
   * that does not exist leaves its aspect out. Entities left with no aspect are left out.
   */
  async batchGet(
    items: readonly { urn: string; aspects: readonly { name: string; version?: number | undefined }[] }[],
  ): Promise<EntityView[]> {
    if (items.length > this.maxPageSize)
      throw new BadRequestError(`At most ${this.maxPageSize} entities per request, got ${items.length}`);
    // Each item's known aspects by their canonical names (none known: all of them).
    const asked = items.map((item) => {
      const { entity } = this.registry.parseEntityUrn(item.urn);
      const aspects = item.aspects.flatMap((a) => {
        const spec = this.resolveAspect(entity, a.name);
        return spec ? [{ name: spec.name, version: a.version }] : [];
      });
      return { urn: item.urn, aspects };
    });
    // Two store reads for the whole batch: the entities that name aspects (those aspects), the others (all).
    const naming = asked.filter((i) => i.aspects.length);
    const whole = asked.filter((i) => !i.aspects.length);
    const views = new Map<(typeof asked)[number], EntityView>();
    const readInto = async (batch: typeof asked, names?: string[]): Promise<void> => {
      if (!batch.length) return;
      const read = await this.reads.entities(
        batch.map((i) => i.urn),
        names,
      );
      batch.forEach((item, i) => views.set(item, read[i] as EntityView));
    };
    await readInto(naming, [...new Set(naming.flatMap((i) => i.aspects.map((a) => a.name)))]);
    await readInto(whole);
    const out: EntityView[] = [];
    for (const item of asked) {
      const view = views.get(item) as EntityView;
      const own = item.aspects.length ? new Set(item.aspects.map((a) => a.name)) : undefined;
      const aspects = Object.fromEntries(Object.entries(view.aspects).filter(([n]) => !own || own.has(n)));
      for (const { name, version } of item.aspects) {
        if (version === undefined) continue;
        delete aspects[name];
        const found = await this.aspect(item.urn, name, version).catch((err: unknown) => {
          if (err instanceof NotFoundError) return undefined;
          throw err;
        });
        if (found) aspects[found.name] = found;
      }
      if (Object.keys(aspects).length) out.push({ ...view, aspects });
    }
    return out;
  }

  /** One entity; 404 when it has none of the asked aspects (or none at all). */
  async entity(urn: string, names?: readonly string[]): Promise<EntityView> {
    const [view] = await this.read([urn], names);
    if (!view || !Object.keys(view.aspects).length) throw new NotFoundError(`Entity ${urn} not found`);
    return view;
  }

  /** Whether an entity exists and is not soft-deleted (HEAD). */
  async entityExists(urn: string): Promise<boolean> {
    const [view] = await this.reads.entities([urn]);
    if (!view || !Object.keys(view.aspects).length) return false;
    return view.aspects.status?.value.removed !== true;
  }

  /** One version of one aspect (0 = latest); 404 when absent or unknown. */
  async aspect(urn: string, name: string, version = 0): Promise<EnvelopedAspect> {
    const { entity } = this.registry.parseEntityUrn(urn);
    const spec = this.resolveAspect(entity, name);
    if (!spec) throw new NotFoundError(`Aspect ${name} of ${urn} not found`);
    if (spec.timeseries) {
      const rows = await this.reads.timeseries({
        urn,
        aspect: spec.name,
        endTimeMillis: version > 0 ? version : undefined,
        limit: 1,
      });
      const row = rows[0];
      if (!row) throw new NotFoundError(`Aspect ${spec.name} of ${urn} not found`);
      return {
        name: spec.name,
        version: 0,
        value: JSON.parse(row.value) as Record<string, unknown>,
        ...(row.defaulted ? { defaulted: parseDefaulted(row.defaulted) } : {}),
        created: { time: row.timestampMillis, actor: '' },
        ...(row.systemMetadata ? { systemMetadata: JSON.parse(row.systemMetadata) } : {}),
      };
    }
    return this.reads.aspect(urn, spec.name, version);
  }

  /** Whether an aspect exists on an entity that is not soft-deleted (HEAD). */
  async aspectExists(urn: string, name: string): Promise<boolean> {
    if (!(await this.entityExists(urn))) return false;
    try {
      await this.aspect(urn, name);
      return true;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  /** Upserts aspects of any entities in one batch: all are validated first, nothing is written on error. */
  async upsert(writes: readonly AspectWrite[], ctx: WriteContext): Promise<ApiWrite> {
    if (!writes.length) return { tasks: [], defaults: new Map() };
    const res = await this.ingest.ingest(
      writes.map((w) => this.proposal(w, 'UPSERT')),
      ctx,
    );
    return { tasks: res.tasks, defaults: defaultsOf(this.registry, res) };
  }

  /**
   * An asynchronous batch upsert, as DataHub's queue takes it: each item that a write-time check refuses
   * is left out and named in `failed`, the others are written (`IngestService.ingestEach`).
   */
  async upsertEach(
    writes: readonly AspectWrite[],
    ctx: WriteContext,
  ): Promise<{ readonly tasks: readonly string[]; readonly failed: readonly FailedItem[] }> {
    if (!writes.length) return { tasks: [], failed: [] };
    return this.ingest.ingestEach(
      writes.map((w) => this.proposal(w, 'UPSERT')),
      ctx,
    );
  }

  /** A single-aspect create (`createIfNotExists`, the default), entity create, or upsert. */
  async create(write: AspectWrite, mode: CreateMode, ctx: WriteContext): Promise<ApiWrite> {
    const res = await this.ingest.ingest([this.proposal(write, mode)], ctx);
    return { tasks: res.tasks, defaults: defaultsOf(this.registry, res) };
  }

  /**
   * JSON Patch of aspects (`{patch, arrayPrimaryKeys?, forceGenericPatch?}` per aspect), applied under the
   * entity's write lock; a patch of an entity that does not exist creates it.
   */
  async patch(writes: readonly AspectWrite[], ctx: WriteContext): Promise<ApiWrite> {
    if (!writes.length) return { tasks: [], defaults: new Map() };
    const res = await this.ingest.ingest(
      writes.map((w) => {
        const v = w.value;
        if (!v || typeof v !== 'object' || !Array.isArray((v as { patch?: unknown }).patch))
          throw new BadRequestError('Missing `patch` field.');
        return this.proposal(w, 'PATCH');
      }),
      ctx,
    );
    return { tasks: res.tasks, defaults: defaultsOf(this.registry, res) };
  }

  /**
   * DELETE of an entity: with no aspects (or its key aspect) the whole entity (hard delete); `clear`
   * deletes every aspect but the key; otherwise the named aspects.
   */
  async delete(
    urn: string,
    aspects: readonly string[],
    clear: boolean,
    ctx: WriteContext,
  ): Promise<readonly string[]> {
    const { entity, parsed } = this.registry.parseEntityUrn(urn);
    const key = this.registry.keyAspectOf(entity).name;
    const names = clear
      ? entity.aspects.filter((a) => a !== key)
      : aspects.map((n) => this.requireAspect(entity, n).name);
    if (!names.length || names.includes(key)) return (await this.ingest.deleteEntity(parsed.urn, ctx)).tasks;
    const res = await this.ingest.ingest(
      names.map((a) => ({ entityUrn: parsed.urn, changeType: 'DELETE', aspectName: a })),
      ctx,
    );
    return res.tasks;
  }

  /**
   * DELETE of one aspect: a versioned one entirely, a time-series one's latest value. A name that is no
   * aspect of the entity's kind (exactly or all-lowercase) is a 404, as for a read: nothing is deleted.
   */
  async deleteAspect(urn: string, name: string, ctx: WriteContext): Promise<void> {
    const { entity, parsed } = this.registry.parseEntityUrn(urn);
    const spec = this.resolveAspect(entity, name);
    if (!spec) throw new NotFoundError(`Aspect ${name} is not an aspect of ${entity.name} (${urn})`);
    if (!spec.timeseries) {
      await this.ingest.ingest([{ entityUrn: parsed.urn, changeType: 'DELETE', aspectName: spec.name }], ctx);
      return;
    }
    const [latest] = await this.reads.timeseries({ urn: parsed.urn, aspect: spec.name, limit: 1 });
    if (latest)
      await this.ingest.deleteTimeseries(
        parsed.urn,
        spec.name,
        latest.timestampMillis,
        latest.timestampMillis,
        ctx,
      );
  }

  private proposal(w: AspectWrite, changeType: 'UPSERT' | 'PATCH' | CreateMode): Proposal {
    const { entity } = this.registry.parseEntityUrn(w.urn);
    const spec = this.requireAspect(entity, w.aspect);
    if (w.value === undefined || w.value === null)
      throw new BadRequestError(`Missing \`value\` of aspect ${w.aspect} of ${w.urn}`);
    const headers = w.headers && typeof w.headers === 'object' ? (w.headers as Record<string, string>) : null;
    const systemMetadata =
      w.systemMetadata && typeof w.systemMetadata === 'object'
        ? (w.systemMetadata as Record<string, unknown>)
        : null;
    return {
      entityUrn: w.urn,
      changeType,
      aspectName: spec.name,
      aspect: { value: w.value, contentType: changeType === 'PATCH' ? PATCH_CT : 'application/json' },
      systemMetadata,
      headers,
    };
  }

  private emptyView(urn: string): EntityView {
    const { entity, parsed } = this.registry.parseEntityUrn(urn);
    return { urn: parsed.urn, entityName: entity.name, aspects: {} };
  }
}
