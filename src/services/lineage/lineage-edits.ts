import { BadRequestError } from '../../errors/index.js';
import { AspectEdits, EditBase } from '../edit-base.js';
import type { AspectJson, AspectModifier, WriteContext } from '../proposal.js';

/** A lineage edge as DataHub's `updateLineage` names it. */
export interface LineageEdge {
  readonly upstreamUrn: string;
  readonly downstreamUrn: string;
}

/** Where an edge is kept, by the kinds at its ends: the aspect, its list of edges and its older list. */
interface Place {
  readonly on: 'downstream' | 'upstream';
  readonly aspect: string;
  readonly edges: string;
  readonly legacy: string;
}

const UPSTREAM_LINEAGE: Place = {
  on: 'downstream',
  aspect: 'upstreamLineage',
  edges: '',
  legacy: 'upstreams',
};

/**
 * Where DataHub's `updateLineage` writes an edge from an upstream kind to a downstream kind: a dataset's
 * `upstreamLineage`; a chart's, dashboard's or job's edges of their info; a job's output datasets when
 * the job is upstream of a dataset.
 */
function placeOf(upstream: string, downstream: string): Place | undefined {
  if (downstream === 'dataset' && upstream === 'dataset') return UPSTREAM_LINEAGE;
  if (downstream === 'dataset' && upstream === 'dataJob')
    return {
      on: 'upstream',
      aspect: 'dataJobInputOutput',
      edges: 'outputDatasetEdges',
      legacy: 'outputDatasets',
    };
  if (downstream === 'chart' && (upstream === 'dataset' || upstream === 'chart'))
    return { on: 'downstream', aspect: 'chartInfo', edges: 'inputEdges', legacy: 'inputs' };
  if (downstream === 'dashboard' && upstream === 'chart')
    return { on: 'downstream', aspect: 'dashboardInfo', edges: 'chartEdges', legacy: 'charts' };
  if (downstream === 'dashboard' && upstream === 'dataset')
    return { on: 'downstream', aspect: 'dashboardInfo', edges: 'datasetEdges', legacy: 'datasets' };
  if (downstream === 'dataJob' && upstream === 'dataset')
    return {
      on: 'downstream',
      aspect: 'dataJobInputOutput',
      edges: 'inputDatasetEdges',
      legacy: 'inputDatasets',
    };
  if (downstream === 'dataJob' && upstream === 'dataJob')
    return {
      on: 'downstream',
      aspect: 'dataJobInputOutput',
      edges: 'inputDatajobEdges',
      legacy: 'inputDatajobs',
    };
  return undefined;
}

/** Aspects that must exist before an edge is written into them (their other fields are required). */
const MUST_EXIST = new Set(['chartInfo', 'dashboardInfo']);
/** What an aspect starts from when it has no value yet. */
const EMPTY: Readonly<Record<string, AspectJson>> = {
  upstreamLineage: { upstreams: [] },
  dataJobInputOutput: { inputDatasets: [], outputDatasets: [] },
};

const list = (v: unknown): AspectJson[] =>
  Array.isArray(v) ? v.filter((x): x is AspectJson => !!x && typeof x === 'object') : [];
const urns = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * Lineage edited as DataHub's UI edits it (`updateLineage`): edges added and removed between datasets,
 * charts, dashboards and data jobs, each written where DataHub keeps it, every end checked to exist, all
 * in one batch. An added edge is marked as made in the UI (`properties.source`), stamped with who added it.
 */
export class LineageEditService extends EditBase {
  async update(
    add: readonly LineageEdge[],
    remove: readonly LineageEdge[],
    ctx: WriteContext,
  ): Promise<void> {
    if (!add.length && !remove.length) throw new BadRequestError('No lineage edges to add or remove');
    const all = [...add, ...remove];
    const ends = [...new Set(all.flatMap((e) => [e.upstreamUrn, e.downstreamUrn]))];
    await this.requireEntities(ends, []);
    const edits = new AspectEdits();
    const edit = (urn: string, aspect: string, m: AspectModifier) => edits.add(urn, aspect, m);
    const stamp = this.stamp(ctx);
    for (const [edges, adding] of [
      [add, true],
      [remove, false],
    ] as const)
      for (const e of edges) {
        const up = this.registry.parseEntityUrn(e.upstreamUrn);
        const down = this.registry.parseEntityUrn(e.downstreamUrn);
        const place = placeOf(up.entity.name, down.entity.name);
        if (!place)
          throw new BadRequestError(
            `No lineage edge from a ${up.entity.name} to a ${down.entity.name} (${up.parsed.urn} to ${down.parsed.urn})`,
          );
        const holder = place.on === 'downstream' ? down.parsed.urn : up.parsed.urn;
        const other = place.on === 'downstream' ? up.parsed.urn : down.parsed.urn;
        edit(holder, place.aspect, (cur) => {
          if (!cur && MUST_EXIST.has(place.aspect))
            throw new BadRequestError(`Cannot edit the lineage of ${holder}: it has no ${place.aspect}`);
          const v: AspectJson = { ...(EMPTY[place.aspect] ?? {}), ...cur };
          if (place === UPSTREAM_LINEAGE) {
            const ups = list(v.upstreams).filter((u) => u.dataset !== other);
            const kept = list(v.upstreams).find((u) => u.dataset === other);
            const added = kept ?? {
              dataset: other,
              type: 'TRANSFORMED',
              auditStamp: stamp,
              created: stamp,
              properties: { source: 'UI' },
            };
            return { ...v, upstreams: adding ? [...ups, added] : ups };
          }
          const edgesNow = list(v[place.edges]);
          const has =
            edgesNow.some((x) => x.destinationUrn === other) || urns(v[place.legacy]).includes(other);
          if (adding)
            return has
              ? v
              : {
                  ...v,
                  [place.edges]: [
                    ...edgesNow,
                    {
                      destinationUrn: other,
                      created: stamp,
                      lastModified: stamp,
                      properties: { source: 'UI' },
                    },
                  ],
                };
          return {
            ...v,
            [place.edges]: edgesNow.filter((x) => x.destinationUrn !== other),
            ...(v[place.legacy] !== undefined
              ? { [place.legacy]: urns(v[place.legacy]).filter((u) => u !== other) }
              : {}),
          };
        });
      }
    await this.ingest.ingest(edits.proposals(), ctx);
  }
}
