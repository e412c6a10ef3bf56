import { createHash } from 'node:crypto';
import { setOwn } from '../../src/json/index.js';
import { SyncStateStore, type Executor, type Tx } from '../../src/store/index.js';
import { DEADLINE } from './counts.js';
import { SP_FIELD, type SearchDocument, type SearchField } from '../model/index.js';
import { listProp } from './fields.js';
import {
  applyViewDeltas,
  deleteInPages,
  type DocChange,
  FacetViews,
  type LiveView,
  readViewCounts,
  viewChanges,
  type ViewFilter,
} from './facet-views.js';

/**
 * Facet counts kept as the documents are written (docs/decisions/0062): per entity type, facet field
 * and value, the number of live documents (not soft-deleted) that hold the value, so that a search of
 * everything (`*`, no filter: what a catalog's landing page asks after every write) reads its facets and
 * total from a few rows instead of counting every document.
 *
 * - `(:FacetCount {key, kind, prop, value, n})`, `key` a hash of the other three (a value may be longer
 *   than an index key may be). `prop` is the field's list property, `entityType` for the kinds.
 * - A document holds the keys it adds to (`facetKeys`) and the epoch of the counts it was counted in
 *   (`facetEpoch`): a write takes the old keys off (when counted in this epoch) and adds the new ones, in
 *   the document's transaction, with the document's node locked first.
 * - A new epoch (the documents' shape changed, so every document is written again from the store) wipes
 *   the counts; they are whole again once the sync has passed the change-log head of that moment
 *   (`validFrom`): until then searches count as before.
 */

/** What a document adds to the counts: its keys, and what each key stands for. */
export interface FacetEntry {
  readonly k: string;
  readonly t: string;
  readonly p: string;
  readonly v: string;
}

/** Whether a field's values are counted: the filterable fields and structured properties. */
export const isCounted = (name: string, fields: ReadonlyMap<string, SearchField>): boolean =>
  name.startsWith(SP_FIELD) || fields.get(name)?.filterable === true;

/** Whether the kept counts hold every facet asked that is a field (those that are not are not counted). */
export const countsAll = (facets: readonly string[], fields: ReadonlyMap<string, SearchField>): boolean =>
  facets.every((f) => f === 'entityType' || !fields.has(f) || isCounted(f, fields));

const keyOf = (t: string, p: string, v: string): string =>
  createHash('sha1').update(`${t}\u0001${p}\u0001${v}`).digest('base64url').slice(0, 16);

/** The entries of a document (none for a soft-deleted one), a value once per time the document holds it. */
export function facetEntries(
  d: SearchDocument,
  fields: ReadonlyMap<string, SearchField>,
  props: Readonly<Record<string, unknown>>,
): FacetEntry[] {
  if (d.removed) return [];
  const out: FacetEntry[] = [
    { k: keyOf(d.entityType, 'entityType', d.entityType), t: d.entityType, p: 'entityType', v: d.entityType },
  ];
  for (const name of Object.keys(d.fields)) {
    if (!isCounted(name, fields)) continue;
    const p = listProp(name);
    const list = props[p];
    if (!Array.isArray(list)) continue;
    for (const value of list) {
      const v = String(value);
      out.push({ k: keyOf(d.entityType, p, v), t: d.entityType, p, v });
    }
  }
  return out;
}

/**
 * Locks the documents about to be written or removed and reads what each was counted with in this
 * epoch: its keys, and its marks of the views it is in (`facet-views.ts`).
 */
async function countedDocs(
  tx: Tx,
  urns: readonly string[],
  epoch: number,
): Promise<Map<string, { keys: string[]; views: string[] }>> {
  const res = await tx.run<{ urn: string; keys: string[]; views: string[] }>(
    `UNWIND $urns AS u MATCH (d:SearchDocument {urn: u})
     SET d.facetLock = true REMOVE d.facetLock
     WITH d WHERE d.facetEpoch = $epoch
     RETURN d.urn AS urn, coalesce(d.facetKeys, []) AS keys, coalesce(d.facetViews, []) AS views`,
    // In URN order, as every writer locks them: two writers never wait on each other in a circle.
    { urns: [...urns].sort(), epoch },
  );
  return new Map(res.records.map((r) => [r.get('urn'), { keys: r.get('keys'), views: r.get('views') }]));
}

/**
 * The counts' part of a write: run before the documents are written (it reads what they held), with
 * the entries of each document written (undefined for those removed) and the live views (read under
 * their lock, `liveViews`). Answers each written document's view marks (absent: none).
 */
export async function countChanges(
  tx: Tx,
  docs: readonly { readonly urn: string; readonly entries: readonly FacetEntry[] | undefined }[],
  epoch: number,
  views: readonly LiveView[],
): Promise<Map<string, string[]>> {
  // A URN written twice in one statement counts as its last version (the one its node keeps).
  docs = [...new Map(docs.map((d) => [d.urn, d])).values()];
  const old = await countedDocs(
    tx,
    docs.map((d) => d.urn),
    epoch,
  );
  const deltas = new Map<string, { k: string; n: number; t?: string; p?: string; v?: string }>();
  const add = (k: string, n: number, e?: FacetEntry): void => {
    const d = deltas.get(k) ?? { k, n: 0 };
    d.n += n;
    if (e) Object.assign(d, { t: e.t, p: e.p, v: e.v });
    deltas.set(k, d);
  };
  const changes: DocChange[] = docs.map((d) => {
    const was = old.get(d.urn);
    for (const k of was?.keys ?? []) add(k, -1);
    for (const e of d.entries ?? []) add(e.k, 1, e);
    return { urn: d.urn, oldKeys: was?.keys ?? [], oldViews: was?.views ?? [], entries: d.entries };
  });
  const changed = [...deltas.values()].filter((d) => d.n !== 0).sort((a, b) => (a.k < b.k ? -1 : 1));
  if (changed.length)
    await tx.run(
      `UNWIND $changed AS x MERGE (f:FacetCount {key: x.k})
       ON CREATE SET f.kind = x.t, f.prop = x.p, f.value = x.v, f.n = 0
       SET f.n = f.n + x.n`,
      { changed },
    );
  const moved = viewChanges(views, changes);
  await applyViewDeltas(tx, moved.deltas);
  return moved.marks;
}

/** The version of what the counts hold: a newer one begins them anew. */
const COUNTS_SHAPE = 1;

/**
 * The state of the counts: their epoch, and where they are whole: once the sync checkpoint `by` has
 * passed `validFrom` (every document has been written again since they were begun).
 */
export interface CountsState {
  readonly epoch: number;
  readonly validFrom: number;
  readonly by: string;
}

export const FACET_COUNT_SCHEMA = [
  'CREATE CONSTRAINT facet_count_key IF NOT EXISTS FOR (f:FacetCount) REQUIRE f.key IS UNIQUE',
  'CREATE INDEX facet_count_prop IF NOT EXISTS FOR (f:FacetCount) ON (f.prop, f.kind)',
];

/**
 * The counts' state; begun anew (a new epoch, the counts wiped, whole once the sync checkpoint
 * `checkpoint` has passed the change-log head of now) when there is none yet or it is of an older
 * shape, and then `begun` is true: the caller starts that checkpoint over, so that every document is
 * written, and counted, again. Another index on the same documents (a test's own checkpoint) finds them
 * begun and leaves them.
 */
export async function countsState(
  exec: Executor,
  checkpoint: string,
  head: () => Promise<number>,
): Promise<{ state: CountsState; begun: boolean }> {
  const current = await storedState(exec);
  if (current && current.shape >= COUNTS_SHAPE)
    return { state: { epoch: current.epoch, validFrom: current.validFrom, by: current.by }, begun: false };
  // Wiped a page at a time (a catalog can have hundreds of thousands of distinct values), the views
  // (`facet-views.ts`) with them.
  for (const label of ['FacetCount', 'FacetViewCount', 'FacetView'])
    await deleteInPages(exec, `MATCH (f:${label})`);
  const state = {
    epoch: Math.max(Date.now(), (current?.epoch ?? 0) + 1),
    validFrom: await head(),
    by: checkpoint,
  };
  await exec.write((tx) =>
    tx.run(
      `MERGE (c:Counter {name: 'facetCounts'})
       SET c.epoch = $epoch, c.validFrom = $validFrom, c.by = $by, c.shape = $shape`,
      { ...state, shape: COUNTS_SHAPE },
    ),
  );
  return { state, begun: true };
}

/** The counts' state as stored (undefined before any index began them). */
async function storedState(exec: Executor): Promise<(CountsState & { shape: number }) | undefined> {
  return exec.read(async (tx) => {
    const res = await tx.run<CountsState & { shape: number | null }>(
      `MATCH (c:Counter {name: 'facetCounts'})
       RETURN c.epoch AS epoch, c.validFrom AS validFrom, c.by AS by, c.shape AS shape`,
    );
    const found = res.records[0]?.toObject();
    return found && { ...found, shape: found.shape ?? 0 };
  });
}

/**
 * The epoch a write counts in, for an index that was not initialized (it begins nothing): the stored
 * one, or 0 (nothing counted) before any index began the counts.
 */
export async function storedEpoch(exec: Executor): Promise<number> {
  const found = await storedState(exec);
  return found && found.shape >= COUNTS_SHAPE ? found.epoch : 0;
}

type Facets = Record<string, Record<string, number>>;

/** The facets (by list property) and total of every live document of `types` (all when empty). */
export async function readFacetCounts(
  tx: Tx,
  props: readonly string[],
  types: readonly string[],
): Promise<{ byProp: Facets; total: number }> {
  const res = await tx.run<{ p: string; v: string; n: number }>(
    `MATCH (f:FacetCount) WHERE f.prop IN $props AND (size($types) = 0 OR f.kind IN $types) AND f.n > 0
     RETURN f.prop AS p, f.value AS v, sum(f.n) AS n`,
    { props: [...new Set([...props, 'entityType'])], types },
  );
  const byProp: Facets = {};
  let total = 0;
  for (const r of res.records) {
    const p = r.get('p');
    if (p === 'entityType') total += r.get('n');
    setOwn((byProp[p] ??= {}), r.get('v'), r.get('n'));
  }
  return { byProp, total };
}

/**
 * The kept counts as one index uses them: the state its `init` read (or began), the epoch its writes
 * count in, and the answers of a search of everything, or of one filter's matches (its view,
 * `facet-views.ts`), once the counts are whole.
 */
export class KeptFacetCounts {
  private state: CountsState | undefined;
  private whole = false;
  readonly views: FacetViews;

  constructor(private readonly exec: Executor) {
    this.views = new FacetViews(exec);
  }

  /** At the index's `init`: the counts' state, begun when needed (`begun`: start the checkpoint over). */
  async init(checkpoint: string, head: () => Promise<number>): Promise<{ begun: boolean }> {
    const found = await countsState(this.exec, checkpoint, head);
    this.state = found.state;
    return { begun: found.begun };
  }

  /** The epoch writes count in: the one `init` read, or the stored one for an index used without it. */
  async epoch(): Promise<number> {
    return this.state?.epoch ?? storedEpoch(this.exec);
  }

  /**
   * A search of every live document of `types` answered from the counts: its facets (each requested
   * one that is counted) and total, in a read of a few rows whatever the size of the index. Undefined
   * when the counts cannot answer it (a facet not counted, or the counts not yet whole).
   */
  matchAll(
    types: readonly string[],
    facets: readonly string[],
    fields: ReadonlyMap<string, SearchField>,
  ): Promise<{ counts: Facets; total: number } | undefined> {
    return this.answer(facets, fields, (tx, props) => readFacetCounts(tx, props, types));
  }

  /**
   * A search of the live documents of `types` that match one filter, answered from the filter's view
   * the same way; undefined also when the view is not built.
   */
  async filtered(
    filter: ViewFilter,
    types: readonly string[],
    facets: readonly string[],
    fields: ReadonlyMap<string, SearchField>,
  ): Promise<{ counts: Facets; total: number } | undefined> {
    if (!this.state) return undefined;
    const id = await this.views.builtId(filter, this.state.epoch);
    return id ? this.answer(facets, fields, (tx, props) => readViewCounts(tx, id, props, types)) : undefined;
  }

  /** Facets and total read by `read` (from rows by list property), when the counts can answer them. */
  private async answer(
    facets: readonly string[],
    fields: ReadonlyMap<string, SearchField>,
    read: (tx: Tx, props: readonly string[]) => Promise<{ byProp: Facets; total: number } | undefined>,
  ): Promise<{ counts: Facets; total: number } | undefined> {
    if (!countsAll(facets, fields) || !(await this.ready())) return undefined;
    const asked = facets.filter((f) => f === 'entityType' || fields.has(f));
    const props = asked.map((f) => (f === 'entityType' ? 'entityType' : listProp(f)));
    const got = await this.exec.read((tx) => read(tx, props), DEADLINE);
    if (!got) return undefined;
    const counts = Object.fromEntries(asked.map((f, i) => [f, got.byProp[props[i] as string] ?? {}]));
    return { counts, total: got.total };
  }

  /** Whether the counts are whole: the sync that writes every document again has passed their start. */
  private async ready(): Promise<boolean> {
    if (this.whole || !this.state) return this.whole;
    const { by, validFrom } = this.state;
    this.whole = (await new SyncStateStore(this.exec).checkpoint(by)) >= validFrom;
    return this.whole;
  }
}
