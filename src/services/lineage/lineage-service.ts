import { checkPage } from '../../page.js';
import { BadRequestError } from '../../errors/index.js';
import { FINE_GRAINED, type Registry } from '../../registry/index.js';
import type { EntityStore, LineageHit, LineageTree } from '../../store/index.js';

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

export interface LineageRequest {
  readonly urn: string;
  readonly direction: string;
  /** Hops to walk (1 to the configured maximum; default that maximum). */
  readonly maxHops?: number | undefined;
  /** Keep only these entity types (names in any case); empty = all. */
  readonly types?: readonly string[] | undefined;
  /** Keep only these degrees; 3 stands for 3 and more, as DataHub's degree facet has it. */
  readonly degrees?: readonly number[] | undefined;
  /** Also return referenced entities that hold no aspects. */
  readonly includeGhosts?: boolean | undefined;
  /** The page of results to return (default: all). */
  readonly start?: number | undefined;
  readonly count?: number | undefined;
  /**
   * A tree to fill as the walk streams (its nearest levels can be read before the walk ends); it is
   * ended (or failed) when the walk is, whatever the walk's outcome.
   */
  readonly tree?: LineageTree | undefined;
}

export interface LineageResult {
  /** Entities reached (the asked page of them), nearest first (then by URN). */
  readonly hits: readonly LineageHit[];
  /** Entities reached that pass the filters, over all pages. */
  readonly total: number;
  /** The walk stopped at the visit cap: more entities may be reachable. */
  readonly partial: boolean;
  /** Reached entities that the type, degree and ghost filters removed. */
  readonly filtered: number;
}

export interface LineageLimits {
  /** Most hops a walk may take (NEOHUB_LINEAGE_MAX_HOPS). */
  readonly maxHops: number;
  /** Most entities one walk visits before answering with a partial result (NEOHUB_LINEAGE_MAX_VISITED). */
  readonly maxVisited: number;
  /** The largest page (`count`) a caller may ask for. */
  readonly maxPageSize: number;
}

/**
 * The kinds (registry names) lineage edges join, what a lineage walk can reach: those a lineage edge
 * points at, and those with an aspect that holds lineage edges.
 */
export function lineageKinds(registry: Registry): ReadonlySet<string> {
  const kinds = new Set<string>();
  const lineageAspects = new Set<string>();
  for (const a of registry.allAspects())
    for (const r of a.relationships ?? [])
      if (r.isLineage) {
        lineageAspects.add(a.name);
        for (const t of r.entityTypes ?? []) kinds.add(registry.findEntity(t)?.name ?? t);
      }
  for (const e of registry.allEntities()) if (e.aspects.some((a) => lineageAspects.has(a))) kinds.add(e.name);
  return kinds;
}

/**
 * Multi-hop lineage over every lineage edge of the registry (`isLineage`), upstream or downstream. An
 * edge's direction is its annotation's: `A -DownstreamOf-> B` makes B upstream of A, while edges marked
 * `isUpstream: false` (`MemberOf`, `Produces`, `UsedBy`) point downstream. A walk from a field
 * (`schemaField`) follows column-level lineage: fine-grained lineage edges between fields.
 */
export class LineageService {
  private readonly filters: Record<LineageDirection, string>;
  /** Entity kinds that own or are the target of a lineage edge; only they take part in a walk. */
  private readonly lineageKinds: ReadonlySet<string>;

  private readonly labelFilter: string;

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    /** The configured bounds (read by the lineage search, which pages what the walks reach). */
    readonly limits: LineageLimits,
  ) {
    const up = new Set<string>();
    const down = new Set<string>();
    for (const a of registry.allAspects())
      for (const r of a.relationships ?? [])
        if (r.isLineage) (r.isUpstream === false ? down : up).add(r.name);
    const kinds = lineageKinds(registry);
    this.lineageKinds = kinds;
    this.labelFilter = registry
      .allEntities()
      .filter((e) => kinds.has(e.name))
      .map((e) => `+${e.label}`)
      .sort()
      .join('|');
    const filter = (outgoing: Set<string>, incoming: Set<string>): string =>
      [...[...outgoing].sort().map((t) => `${t}>`), ...[...incoming].sort().map((t) => `<${t}`)].join('|');
    this.filters = { UPSTREAM: filter(up, down), DOWNSTREAM: filter(down, up) };
    // Column-level lineage: edges between fields (DataHub's schemaField), from fine-grained lineage.
    const fieldTypes = new Set(
      registry
        .allAspects()
        .flatMap((a) =>
          (a.relationships ?? []).filter((r) => r.path.startsWith(FINE_GRAINED)).map((r) => r.name),
        ),
    );
    const field = registry.findEntity('schemaField');
    this.fieldWalk =
      field && fieldTypes.size
        ? {
            kind: field.name,
            labelFilter: `+${field.label}`,
            filters: { UPSTREAM: filter(fieldTypes, new Set()), DOWNSTREAM: filter(new Set(), fieldTypes) },
          }
        : undefined;
  }

  /** How to walk column-level lineage: between fields only, over fine-grained lineage edges. */
  private readonly fieldWalk:
    { kind: string; labelFilter: string; filters: Record<LineageDirection, string> } | undefined;

  /** The lineage edge types and the direction each is followed in, for a direction. */
  relationshipFilter(direction: LineageDirection): string {
    return this.filters[direction];
  }

  /** Of these URNs, those of entities soft-deleted by their `status` (a URN that is no entity is not). */
  async removedAmong(urns: readonly string[]): Promise<Set<string>> {
    if (!urns.length) return new Set();
    const states = await this.store.propertyStates(urns);
    return new Set(states.filter((s) => s.removed).map((s) => s.urn));
  }

  async lineage(r: LineageRequest): Promise<LineageResult> {
    const tree = r.tree;
    if (!tree) return this.walk(r);
    try {
      const res = await this.walk(r);
      if (!tree.done) tree.end(res.partial);
      return res;
    } catch (err) {
      tree.fail(err);
      throw err;
    }
  }

  private async walk(r: LineageRequest): Promise<LineageResult> {
    const { parsed, entity } = this.registry.parseEntityUrn(r.urn);
    const direction = String(r.direction ?? '').toUpperCase();
    if (direction !== 'UPSTREAM' && direction !== 'DOWNSTREAM')
      throw new BadRequestError(`direction must be UPSTREAM or DOWNSTREAM, got ${String(r.direction)}`);
    const maxHops = r.maxHops ?? this.limits.maxHops;
    if (!Number.isInteger(maxHops) || maxHops < 1 || maxHops > this.limits.maxHops)
      throw new BadRequestError(`maxHops must be between 1 and ${this.limits.maxHops}`);
    const types = new Set((r.types ?? []).map((t) => this.registry.entity(t).name));
    checkPage(r.start ?? 0, r.count ?? 0, this.limits.maxPageSize);
    const fields = this.fieldWalk?.kind === entity.name ? this.fieldWalk : undefined;
    if (!fields && !this.lineageKinds.has(entity.name))
      return { hits: [], total: 0, partial: false, filtered: 0 };
    const page = await this.store.lineage({
      urn: parsed.urn,
      relationshipFilter: (fields?.filters ?? this.filters)[direction],
      labelFilter: fields?.labelFilter ?? this.labelFilter,
      // Degrees 1 and 2 alone need no deeper walk (3 stands for 3 and more).
      maxHops:
        r.degrees?.length && !r.degrees.includes(3) ? Math.min(maxHops, Math.max(...r.degrees)) : maxHops,
      maxVisited: this.limits.maxVisited,
      types: [...types],
      degrees: r.degrees ?? [],
      // Fields are rarely written as entities: a field walk shows them all.
      includeGhosts: fields !== undefined || r.includeGhosts === true,
      start: r.start,
      count: r.count,
      ...(r.tree ? { tree: r.tree } : {}),
    });
    return { hits: page.hits, total: page.total, partial: page.partial, filtered: page.reached - page.total };
  }
}
