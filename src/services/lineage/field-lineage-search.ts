import type { Criterion } from '../../../search-sync/model/index.js';
import { checkPage } from '../../page.js';
import { parseUrn } from '../../urn/index.js';
import { decodeScrollPosition, nextScrollId } from '../scroll-id.js';
import type { LineageService } from './lineage-service.js';
import type {
  LineageSearchHit,
  LineageSearchRequest,
  LineageSearchResult,
} from './lineage-search-service.js';

/**
 * Column-level impact analysis answered from the walk (decision 0055): a lineage search from a schema
 * field whose fields answer as themselves (a `groupingSpec` that does not group them to datasets, as
 * `datahub lineage --column` sends) is answered from the fine-grained lineage edges the walk follows,
 * whether or not the fields are entities of their own (fields referenced by lineage alone are in no
 * index). That is DataHub's "lightning" answer, for the searches it serves: no query text (`*` or
 * none), no sort, and criteria on the degree, the platform and the origin only (a field's platform and
 * origin are its dataset's, read from its URN), and on `removed` (which DataHub's SDK always sends: an
 * entity soft-deleted by its `status`; a field that is no entity is not removed). Any other search
 * goes to the index as before.
 */

const SCHEMA_FIELD = 'schemaField';
const PLATFORM_PREFIX = 'urn:li:dataPlatform:';
/** The criteria the walk answers (besides `degree`, which the walk itself applies). */
const FIELDS = new Set(['degree', 'platform', 'origin', 'removed']);
const CONDITIONS = new Set(['EQUAL', 'IEQUAL', 'CONTAIN', 'START_WITH', 'END_WITH']);

/** Whether a lineage search is answered from its walk (see above); `groups` are its filter's conjunctions. */
export function answeredFromWalk(
  r: LineageSearchRequest,
  groups: readonly (readonly Criterion[])[],
): boolean {
  const text = r.input.trim();
  return (
    r.fieldsAsDatasets === false &&
    parseKind(r.urn) === SCHEMA_FIELD &&
    (text === '' || text === '*') &&
    !r.sort?.length &&
    groups.every((g) => g.every((c) => FIELDS.has(c.field) && CONDITIONS.has(c.condition ?? 'EQUAL')))
  );
}

/**
 * The search `r` from its walk: the fields (and whatever else the walk reaches) nearest first, then by
 * URN; `groups` are the filter's conjunctions without the degree criteria, and `degrees` the degrees
 * those select. A scroll's next page walks again from its offset.
 */
export async function searchFromWalk(
  lineage: LineageService,
  r: LineageSearchRequest,
  groups: readonly (readonly Criterion[])[],
  degrees: readonly number[],
): Promise<LineageSearchResult> {
  const start = r.scroll ? scrollOffset(r) : r.start;
  checkPage(start, r.count, lineage.limits.maxPageSize);
  const walk = await lineage.lineage({
    urn: r.urn,
    direction: r.direction,
    maxHops: r.maxHops,
    types: r.entities,
    degrees,
  });
  const removed = groups.some((g) => g.some((c) => c.field === 'removed'))
    ? await lineage.removedAmong(walk.hits.map((h) => h.urn))
    : new Set<string>();
  const valueOf = (urn: string, field: string): string | undefined =>
    field === 'platform'
      ? platformOf(urn)
      : field === 'origin'
        ? originOf(urn)
        : field === 'removed'
          ? String(removed.has(urn))
          : undefined;
  const hits = walk.hits.filter(
    (h) => !groups.length || groups.some((g) => g.every((c) => matches(valueOf(h.urn, c.field), c))),
  );
  const page: LineageSearchHit[] = hits.slice(start, start + r.count).map((h) => ({
    urn: h.urn,
    entityType: h.entityType,
    score: 1,
    matchedFields: [],
    degree: h.degree,
    path: h.path,
  }));
  return {
    total: hits.length,
    hits: page,
    facets: facets(hits, r.facets),
    partial: walk.partial,
    ...(r.scroll ? { nextScrollId: nextScrollId(start, page.length, hits.length) } : {}),
  };
}

function scrollOffset(r: LineageSearchRequest): number {
  const { offset } = decodeScrollPosition(r.scroll?.id);
  if (offset !== r.start) throw new Error(`a scroll page starts at its scroll id's offset ${offset}`);
  return offset;
}

const parseKind = (urn: string): string | undefined => {
  const p = parseUrn(urn);
  return typeof p === 'string' ? undefined : p.entityType;
};

/** The entity whose platform and origin an entity has: a field's dataset (the first part of its URN). */
function owner(urn: string): { kind: string; parts: readonly string[] } | undefined {
  let p = parseUrn(urn);
  if (typeof p === 'string') return undefined;
  if (p.entityType === SCHEMA_FIELD && p.parts.length > 1) {
    p = parseUrn(p.parts[0] as string);
    if (typeof p === 'string') return undefined;
  }
  return { kind: p.entityType, parts: p.parts };
}

/** The platform URN (`urn:li:dataPlatform:<name>`) of an entity, read from its URN (or its dataset's). */
function platformOf(urn: string): string | undefined {
  const o = owner(urn);
  const first = o?.parts[0];
  if (!o || first === undefined || o.parts.length < 2) return undefined;
  if (first.startsWith(PLATFORM_PREFIX)) return first;
  // A data job's first part is its flow, whose first part is the platform.
  return o.kind === 'dataJob' ? platformOf(first) : undefined;
}

/** The origin (environment) of a dataset, or of a field's dataset. */
function originOf(urn: string): string | undefined {
  const o = owner(urn);
  return o?.kind === 'dataset' ? o.parts[2] : undefined;
}

/** A platform named by its name alone stands for its URN. */
const asPlatform = (v: string): string => (v.startsWith('urn:li:') ? v : PLATFORM_PREFIX + v);

/** Whether an entity's value of a criterion's field (undefined: it has none) passes the criterion. */
function matches(value: string | undefined, c: Criterion): boolean {
  const values = c.values?.length ? c.values : c.value !== undefined ? [c.value] : [];
  if (!values.length) return true;
  const cond = c.condition ?? 'EQUAL';
  const hit =
    value !== undefined &&
    values.some((raw) => {
      const v = c.field === 'platform' && (cond === 'EQUAL' || cond === 'IEQUAL') ? asPlatform(raw) : raw;
      switch (cond) {
        case 'IEQUAL':
          return value.toLowerCase() === v.toLowerCase();
        case 'CONTAIN':
          return value.includes(v);
        case 'START_WITH':
          return value.startsWith(v);
        case 'END_WITH':
          return value.endsWith(v);
        default:
          return value === v;
      }
    });
  return hit !== (c.negated === true);
}

const degreeBucket = (d: number): string => (d >= 3 ? '3+' : String(d));

/**
 * The facets asked for that the walk can count (all of them when none is named), and the `degree` facet
 * whenever any is asked for, as the index path counts it; none for an empty list.
 */
function facets(
  hits: readonly { urn: string; entityType: string; degree: number }[],
  asked: readonly string[] | undefined,
): Record<string, Record<string, number>> {
  if (asked?.length === 0) return {};
  const names = new Set(asked ?? ['entityType', 'platform', 'origin']).add('degree');
  const out: Record<string, Record<string, number>> = {};
  const count = (facet: string, value: string | undefined): void => {
    if (value === undefined || !names.has(facet)) return;
    const f = (out[facet] ??= {});
    f[value] = (f[value] ?? 0) + 1;
  };
  for (const n of ['degree', 'entityType']) if (names.has(n)) out[n] = {};
  for (const h of hits) {
    count('degree', degreeBucket(h.degree));
    count('entityType', h.entityType);
    count('platform', platformOf(h.urn));
    count('origin', originOf(h.urn));
  }
  return out;
}
