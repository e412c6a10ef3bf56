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

/** An upstream dataset of `upstreamLineage`, added in the UI by the stamp's actor. */
const tableEdge = (dataset: string, stamp: AspectJson): AspectJson => ({
  dataset,
  type: 'TRANSFORMED',
  auditStamp: stamp,
  created: stamp,
  properties: { source: 'UI' },
});

/** A column-level edge's ends: the columns, and the datasets they belong to. */
interface ColumnEdge {
  readonly up: string;
  readonly down: string;
  readonly upDataset: string;
  readonly downDataset: string;
}

/** The dataset a schema field URN names as its parent; undefined when its parent is no dataset. */
const datasetOfField = (parts: readonly string[]): string | undefined =>
  parts[0]?.startsWith('urn:li:dataset:') ? parts[0] : undefined;

/**
 * A column edge written into the downstream dataset's `upstreamLineage`, as DataHub's sources write
 * column-level lineage: the downstream column's fine-grained entry gains (or loses) the upstream column.
 * An entry that maps several downstream columns is split first, so that the others keep their lineage.
 * Adding a column edge between two datasets adds their table edge too when it is missing (every
 * column edge DataHub's sources write comes with one); removing it leaves the table edge.
 */
function editColumns(v: AspectJson, e: ColumnEdge, adding: boolean, stamp: AspectJson): AspectJson {
  const fine = list(v.fineGrainedLineages);
  const holds = (f: AspectJson) => urns(f.downstreams).includes(e.down) && urns(f.upstreams).includes(e.up);
  const ups = list(v.upstreams);
  const table =
    adding && e.upDataset !== e.downDataset && !ups.some((u) => u.dataset === e.upDataset)
      ? [tableEdge(e.upDataset, stamp)]
      : [];
  const withTable = { ...v, upstreams: [...ups, ...table] };
  if (adding === fine.some(holds)) return table.length ? withTable : v;
  const out: AspectJson[] = [];
  if (adding) {
    const own = fine.findIndex((f) => urns(f.downstreams).length === 1 && urns(f.downstreams)[0] === e.down);
    fine.forEach((f, i) => out.push(i === own ? { ...f, upstreams: [...urns(f.upstreams), e.up] } : f));
    if (own < 0)
      out.push({
        upstreamType: 'FIELD_SET',
        upstreams: [e.up],
        downstreamType: 'FIELD',
        downstreams: [e.down],
      });
  } else
    for (const f of fine) {
      if (!holds(f)) out.push(f);
      else {
        // The other downstream columns of the entry keep their upstreams; this one loses `up`.
        const downs = urns(f.downstreams).filter((d) => d !== e.down);
        if (downs.length) out.push({ ...f, downstreams: downs });
        const left = urns(f.upstreams).filter((u) => u !== e.up);
        if (left.length) out.push({ ...f, downstreamType: 'FIELD', downstreams: [e.down], upstreams: left });
      }
    }
  return { ...withTable, fineGrainedLineages: out };
}

/**
 * Lineage edited as DataHub's UI edits it (`updateLineage`): edges added and removed between datasets,
 * charts, dashboards and data jobs, each written where DataHub keeps it, every end checked to exist, all
 * in one batch. An added edge is marked as made in the UI (`properties.source`), stamped with who added it.
 * Edges between two schema fields are column-level lineage (see {@link editColumns}): their datasets must
 * exist, not the fields.
 */
export class LineageEditService extends EditBase {
  async update(
    add: readonly LineageEdge[],
    remove: readonly LineageEdge[],
    ctx: WriteContext,
  ): Promise<void> {
    if (!add.length && !remove.length) throw new BadRequestError('No lineage edges to add or remove');
    const all = [...add, ...remove];
    const ends = [...new Set(all.flatMap((e) => [e.upstreamUrn, e.downstreamUrn]))].map(
      (urn) => this.columnOwner(urn) ?? urn,
    );
    await this.requireEntities([...new Set(ends)], []);
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
        const upDataset = this.columnOwner(up.parsed.urn);
        const downDataset = this.columnOwner(down.parsed.urn);
        if (upDataset && downDataset) {
          const column = { up: up.parsed.urn, down: down.parsed.urn, upDataset, downDataset };
          edit(downDataset, 'upstreamLineage', (cur) =>
            editColumns({ ...EMPTY.upstreamLineage, ...cur }, column, adding, stamp),
          );
          continue;
        }
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
            const added = kept ?? tableEdge(other, stamp);
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

  /** A schema field's dataset (the entity that keeps its lineage); undefined for any other URN. */
  private columnOwner(urn: string): string | undefined {
    const { parsed, entity } = this.registry.parseEntityUrn(urn);
    if (entity.name !== 'schemaField') return undefined;
    const owner = datasetOfField(parsed.parts);
    if (!owner)
      throw new BadRequestError(
        `Column-level lineage is kept on datasets: ${parsed.urn} is no field of a dataset`,
      );
    return owner;
  }
}
