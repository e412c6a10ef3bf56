import { BadRequestError, NotFoundError } from '../errors/index.js';
import { checkPage } from '../page.js';
import { parseDefaulted, type Defaulted, type Registry } from '../registry/index.js';
import type {
  EdgeScrollQuery,
  EntityStore,
  RelationshipPage,
  ScrolledEdge,
  StoredAspect,
  StoredTimeseries,
  TimeseriesQuery,
} from '../store/index.js';
import { conjunctions, matches } from '../../search-sync/model/index.js';
import { redactionOf, type Redaction } from '../auth/index.js';
import { visibleValues } from './structured-properties/index.js';

export interface EnvelopedAspect {
  readonly name: string;
  readonly version: number;
  readonly value: Record<string, unknown>;
  readonly created: { readonly time: number; readonly actor: string };
  readonly systemMetadata?: Record<string, unknown>;
  /** The fields of `value` filled with their defaults, which answers on the wire leave out. */
  readonly defaulted?: Defaulted;
}

export interface EntityView {
  readonly urn: string;
  readonly entityName: string;
  readonly aspects: Readonly<Record<string, EnvelopedAspect>>;
}

/** A read of time-series values: the store's query, with the caller's limit and filter in place of a scan limit. */
export interface TimeseriesRequest extends Omit<TimeseriesQuery, 'scanLimit'> {
  readonly limit: number;
  readonly filter?: unknown;
}

/**
 * A stored aspect as the read APIs answer it. Its system metadata says which of the aspect's values it
 * is (`version`: 1 for the first, as DataHub counts them), the number `If-Version-Match` names.
 */
const envelope = (a: StoredAspect): EnvelopedAspect => ({
  name: a.name,
  version: a.version,
  value: JSON.parse(a.value) as Record<string, unknown>,
  created: a.created,
  ...(a.systemMetadata ? { systemMetadata: systemMetadataOf(a.systemMetadata, a.revision) } : {}),
  ...(a.defaulted ? { defaulted: parseDefaulted(a.defaulted) } : {}),
});

function systemMetadataOf(stored: string, revision: number | undefined): Record<string, unknown> {
  const sm = JSON.parse(stored) as Record<string, unknown>;
  return revision === undefined ? sm : { ...sm, version: String(revision) };
}

/** Reads of entities, aspects, time series and relationships: the services every transport calls. */
export class ReadService {
  private readonly redaction: Redaction;

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly maxPageSize = 10_000,
  ) {
    this.redaction = redactionOf(registry);
  }

  /** Latest aspects of entities; an entity that does not exist comes back with no aspects. */
  async entities(urns: readonly string[], aspectNames?: readonly string[]): Promise<EntityView[]> {
    const specs = urns.map((u) => this.registry.parseEntityUrn(u));
    this.redaction.requireKinds(specs.map((s) => s.entity));
    const names = aspectNames?.map((n) => this.registry.findAspect(n)?.name ?? n);
    const latest = await this.store.latest(
      specs.map((s) => s.parsed.urn),
      names,
    );
    const shown = this.redaction.aspects(await visibleValues(this.store, latest.map(envelope)));
    return specs.map(({ parsed, entity }) => {
      const aspects: Record<string, EnvelopedAspect> = {};
      latest.forEach((a, i) => {
        if (a.urn === parsed.urn) aspects[a.name] = shown[i] as EnvelopedAspect;
      });
      return { urn: parsed.urn, entityName: entity.name, aspects };
    });
  }

  async entity(urn: string, aspectNames?: readonly string[]): Promise<EntityView> {
    return (await this.entities([urn], aspectNames))[0] as EntityView;
  }

  /** One version of one aspect (0 = latest); 404 when absent. */
  async aspect(
    urn: string,
    aspectName: string,
    version: number,
  ): Promise<EnvelopedAspect & { recordName: string }> {
    const { parsed, entity } = this.registry.parseEntityUrn(urn);
    this.redaction.requireKinds([entity]);
    // A read of an aspect the entity kind does not have finds nothing (404), as a read of one unset
    // does: DataHub's clients ask for every aspect of their model and take a 404 as "none".
    const spec = entity.aspects.includes(aspectName) ? this.registry.findAspect(aspectName) : undefined;
    if (!spec)
      throw new NotFoundError(
        `Aspect ${aspectName} of ${parsed.urn} not found (${entity.name} has no such aspect)`,
      );
    const found = spec.timeseries ? undefined : await this.store.version(parsed.urn, spec.name, version);
    if (!found) throw new NotFoundError(`Aspect ${spec.name} version ${version} of ${parsed.urn} not found`);
    const [shown] = this.redaction.aspects(await visibleValues(this.store, [envelope(found)]));
    return { ...(shown as EnvelopedAspect), recordName: spec.schema.name };
  }

  /** DataHub's getCount: how many entities hold an aspect (optionally URNs matching a `%`-pattern). */
  async aspectCount(aspectName: string, urnLike?: string): Promise<number> {
    const spec = this.registry.findAspect(aspectName);
    if (!spec) throw new BadRequestError(`Unknown aspect ${aspectName}`);
    // An aspect only hidden kinds carry is counted for Admins only.
    const kinds = this.registry.allEntities().filter((e) => e.aspects.includes(spec.name));
    if (kinds.length && kinds.every((k) => k.hidden)) this.redaction.requireKinds(kinds);
    return this.store.aspectCount(spec.name, urnLike, this.redaction.unseenKinds());
  }

  async exists(urn: string): Promise<boolean> {
    const { parsed, entity } = this.registry.parseEntityUrn(urn);
    this.redaction.requireKinds([entity]);
    return this.store.exists(parsed.urn);
  }

  /** Time-series values in a range, newest first, filtered on fields of the value. */
  async timeseries(q: TimeseriesRequest): Promise<StoredTimeseries[]> {
    const { parsed, entity } = this.registry.parseEntityUrn(q.urn);
    this.redaction.requireKinds([entity]);
    const spec = this.registry.aspectOf(entity, q.aspect);
    checkPage(0, q.limit, this.maxPageSize, 'limit');
    const groups = conjunctions(q.filter);
    const rows = await this.store.timeseries({
      urn: parsed.urn,
      aspect: spec.name,
      startTimeMillis: q.startTimeMillis,
      endTimeMillis: q.endTimeMillis,
      scanLimit: groups.length ? Math.max(q.limit * 20, 10000) : q.limit,
    });
    return rows
      .filter((r) => matches(JSON.parse(r.value), groups))
      .slice(0, q.limit)
      .map((r) => ({ ...r, value: this.redaction.json(spec.name, r.value) }));
  }

  /** A page of the URNs of one entity type, from the store. */
  async listUrns(
    entityType: string,
    start: number,
    count: number,
  ): Promise<{ total: number; urns: string[] }> {
    checkPage(start, count, this.maxPageSize);
    const entity = this.registry.entity(entityType);
    this.redaction.requireKinds([entity]);
    return this.store.urns(entity.name, start, count);
  }

  /**
   * A page of edges (DataHub's relationship scroll): of the given types (all when none; unknown ones
   * match nothing), with conditions on either end.
   */
  async edges(q: Omit<EdgeScrollQuery, 'types'> & { types: readonly string[] }): Promise<ScrolledEdge[]> {
    const types = q.types.length
      ? q.types.filter((t) => this.registry.relationshipTypes.has(t))
      : [...this.registry.relationshipTypes];
    if (!types.length) return [];
    return this.store.edges({ ...q, types, unseenKinds: this.redaction.unseenKinds() });
  }

  /** Edges of the given types; unknown relationship types simply match nothing. */
  async relationships(
    urn: string,
    types: readonly string[],
    direction: 'INCOMING' | 'OUTGOING',
    start: number,
    count: number,
  ): Promise<RelationshipPage> {
    checkPage(start, count, this.maxPageSize);
    const known = types.filter((t) => this.registry.relationshipTypes.has(t));
    if (!known.length) return { total: 0, relationships: [] };
    this.redaction.requireUrns([urn]);
    return this.store.relationships({
      urn,
      types: known,
      direction,
      start,
      count,
      unseenKinds: this.redaction.unseenKinds(),
    });
  }
}
