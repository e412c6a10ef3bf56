import { createHash } from 'node:crypto';
import { setOwn } from '../../src/json/index.js';
import type { Executor, Tx } from '../../src/store/index.js';
import type { FacetEntry } from './facet-counts.js';

/**
 * Facet counts kept per filter (docs/decisions/0070): for a filter on one value of one field that
 * matched many documents (`tags:PII`, a platform chosen on a landing page), the counts of every facet
 * value over its matches, kept as the documents are written, so that the next such search after a
 * write reads a few rows instead of counting every match again.
 *
 * - A search that counted a large match of such a filter asks for its view: `(:FacetView {filter})`,
 *   `asked`. The index's writer builds it between its writes (`build`): it counts the matches once,
 *   marks each of them (`facetViews` on the document: the view's id) and writes the rows
 *   `(:FacetViewCount {key, view, kind, prop, value, n})`, the kept counts' rows restricted to the
 *   matches. The view is then `built`, under an id of its own (a rebuilt view never meets the marks of
 *   an older one).
 * - Every index write takes the views' lock first (`liveViews`), as the build does: a view is built
 *   between two writes, never beside one. A write then moves each live view it touches: a document
 *   that was in the view (its mark) takes its old keys off, one that is in it now (its values, as the
 *   filter matches them) adds its new ones, and is marked again.
 * - At most `MAX_VIEWS` are kept; the least recently used go first. A view belongs to the kept counts'
 *   epoch: a new epoch wipes the views with the counts.
 */

/** A filter a view can answer: one value of a counted text or URN field (a property of the index). */
export interface ViewFilter {
  /** The field's list property. */
  readonly prop: string;
  /** The filter's value, as the filter compares it. */
  readonly value: string;
  /** A URN field: a value also matches a URN that ends with `:value` (the filter's rule for bare ids). */
  readonly urn: boolean;
}

/** A built view, as writes move it. */
export interface LiveView extends ViewFilter {
  readonly id: string;
}

/** Views kept at most; beyond, the least recently used are dropped. */
export const MAX_VIEWS = 64;
/**
 * A filter asks for its view when a count of it met at least `VIEW_MIN_MATCHES` documents and at most
 * `VIEW_MAX_MATCHES` (its build is one transaction that marks every match).
 */
export const VIEW_MIN_MATCHES = 2000;
export const VIEW_MAX_MATCHES = 250_000;

export const FACET_VIEW_SCHEMA = [
  'CREATE CONSTRAINT facet_view_filter IF NOT EXISTS FOR (v:FacetView) REQUIRE v.filter IS UNIQUE',
  'CREATE CONSTRAINT facet_view_count_key IF NOT EXISTS FOR (f:FacetViewCount) REQUIRE f.key IS UNIQUE',
  'CREATE INDEX facet_view_count_view IF NOT EXISTS FOR (f:FacetViewCount) ON (f.view, f.prop, f.kind)',
  "MERGE (:Counter {name: 'facetViews'})",
];

/** The stable key of a filter (a value may be longer than an index key may be). */
export const filterKey = (f: ViewFilter): string =>
  createHash('sha1')
    .update(`${f.prop}\u0001${f.urn ? 'u' : 's'}\u0001${f.value}`)
    .digest('base64url')
    .slice(0, 16);

/** Whether a value of the view's field matches its filter (as `filters.ts` compares an EQUAL value). */
const holds = (f: ViewFilter, v: string): boolean => v === f.value || (f.urn && v.endsWith(`:${f.value}`));

/** Whether a document's entries (what it adds to the kept counts) put it in the view. */
export const inView = (f: ViewFilter, entries: readonly FacetEntry[]): boolean =>
  entries.some((e) => e.p === f.prop && holds(f, e.v));

/**
 * Takes the views' lock (every index write and every build takes it first, so the two never overlap)
 * and reads the views writes move.
 */
export async function liveViews(tx: Tx, epoch: number): Promise<LiveView[]> {
  const res = await tx.run<{ v: LiveView | null }>(
    `MERGE (c:Counter {name: 'facetViews'}) SET c.lock = true REMOVE c.lock
     WITH count(c) AS locked
     OPTIONAL MATCH (v:FacetView {state: 'built', epoch: $epoch})
     RETURN CASE WHEN v IS NULL THEN null ELSE v {.id, .prop, .value, .urn} END AS v`,
    { epoch },
  );
  return res.records.flatMap((r) => {
    const v = r.get('v');
    return v ? [v] : [];
  });
}

/** A document as a write changes it: its old keys and marks (of this epoch), and its entries now. */
export interface DocChange {
  readonly urn: string;
  readonly oldKeys: readonly string[];
  readonly oldViews: readonly string[];
  /** Undefined: the document is removed. */
  readonly entries: readonly FacetEntry[] | undefined;
}

/** A change of a view's row: its key, the delta, and what a new row stands for. */
export interface ViewDelta {
  k: string;
  n: number;
  view: string;
  t?: string;
  p?: string;
  v?: string;
}

/**
 * What a write does to the live views: the row deltas (summed per row) and each written document's
 * marks (the ids of the views it is in now).
 */
export function viewChanges(
  views: readonly LiveView[],
  docs: readonly DocChange[],
): { deltas: ViewDelta[]; marks: Map<string, string[]> } {
  const marks = new Map<string, string[]>();
  if (!views.length) return { deltas: [], marks };
  const live = new Map(views.map((v) => [v.id, v]));
  const deltas = new Map<string, ViewDelta>();
  const add = (view: string, k: string, n: number, e?: FacetEntry): void => {
    const key = `${view}:${k}`;
    const d = deltas.get(key) ?? { k: key, n: 0, view };
    d.n += n;
    if (e) Object.assign(d, { t: e.t, p: e.p, v: e.v });
    deltas.set(key, d);
  };
  for (const doc of docs) {
    for (const id of doc.oldViews) if (live.has(id)) for (const k of doc.oldKeys) add(id, k, -1);
    if (!doc.entries) continue;
    const now = views.filter((v) => inView(v, doc.entries as FacetEntry[]));
    for (const v of now) for (const e of doc.entries) add(v.id, e.k, 1, e);
    marks.set(
      doc.urn,
      now.map((v) => v.id),
    );
  }
  const changed = [...deltas.values()].filter((d) => d.n !== 0).sort((a, b) => (a.k < b.k ? -1 : 1));
  return { deltas: changed, marks };
}

/** Writes a write's view deltas (rows in key order, as every writer takes them). */
export async function applyViewDeltas(tx: Tx, deltas: readonly ViewDelta[]): Promise<void> {
  if (!deltas.length) return;
  await tx.run(
    `UNWIND $deltas AS x MERGE (f:FacetViewCount {key: x.k})
     ON CREATE SET f.view = x.view, f.kind = x.t, f.prop = x.p, f.value = x.v, f.n = 0
     SET f.n = f.n + x.n`,
    { deltas },
  );
}

type Facets = Record<string, Record<string, number>>;

/**
 * A view's facets (by list property) and total over the documents of `types` (all when empty);
 * undefined when the view is no longer built (being dropped: its rows go after its state changed).
 */
export async function readViewCounts(
  tx: Tx,
  id: string,
  props: readonly string[],
  types: readonly string[],
): Promise<{ byProp: Facets; total: number } | undefined> {
  const res = await tx.run<{ built: boolean; p: string | null; v: string | null; n: number | null }>(
    `OPTIONAL MATCH (b:FacetView {id: $id, state: 'built'})
     WITH b IS NOT NULL AS built
     OPTIONAL MATCH (f:FacetViewCount)
       WHERE built AND f.view = $id AND f.prop IN $props AND (size($types) = 0 OR f.kind IN $types) AND f.n > 0
     RETURN built, f.prop AS p, f.value AS v, sum(f.n) AS n`,
    { id, props: [...new Set([...props, 'entityType'])], types },
  );
  if (!res.records.some((r) => r.get('built'))) return undefined;
  const byProp: Facets = {};
  let total = 0;
  for (const r of res.records) {
    const p = r.get('p');
    const n = r.get('n') ?? 0;
    if (p === null) continue;
    if (p === 'entityType') total += n;
    setOwn((byProp[p] ??= {}), String(r.get('v')), n);
  }
  return { byProp, total };
}

/** The statement that yields a filter's matches as `d` (from the index's search plan), with its parameters. */
export interface FilterMatch {
  readonly match: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * The views as one index uses them: which are built (for searches), asking for one, and building the
 * asked ones (the index's writer, between its writes).
 */
export class FacetViews {
  private built = new Map<string, { id: string; at: number }>();
  private builtRead = 0;
  private lastAskedLook = 0;
  /** When this process last asked for each filter's view (asked again after ten minutes). */
  private readonly asked = new Map<string, number>();
  private readonly used = new Map<string, number>();

  constructor(
    private readonly exec: Executor,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The id of the filter's built view in this epoch, if there is one (the list read at most once a second). */
  async builtId(f: ViewFilter, epoch: number): Promise<string | undefined> {
    const at = this.now();
    if (at - this.builtRead > 1000) {
      const rows = await this.exec.read(async (tx) => {
        const res = await tx.run<{ filter: string; id: string }>(
          "MATCH (v:FacetView {state: 'built', epoch: $epoch}) RETURN v.filter AS filter, v.id AS id",
          { epoch },
        );
        return res.records.map((r) => r.toObject());
      });
      this.built = new Map(rows.map((r) => [r.filter, { id: r.id, at }]));
      this.builtRead = at;
    }
    const key = filterKey(f);
    const found = this.built.get(key)?.id;
    if (found && at - (this.used.get(key) ?? 0) > 60_000) {
      this.used.set(key, at);
      void this.exec
        .write((tx) => tx.run('MATCH (v:FacetView {filter: $key}) SET v.usedAt = $at', { key, at }))
        .catch(() => undefined);
    }
    return found;
  }

  /** Asks for the filter's view (once per process and filter; built by the index's writer). */
  async ask(f: ViewFilter, epoch: number): Promise<void> {
    const key = filterKey(f);
    const at = this.now();
    if (at - (this.asked.get(key) ?? -Infinity) < 600_000) return;
    this.asked.set(key, at);
    await this.exec.write((tx) =>
      tx.run(
        `MERGE (v:FacetView {filter: $key})
         ON CREATE SET v.state = 'asked', v.epoch = $epoch, v.prop = $prop, v.value = $value, v.urn = $urn,
           v.usedAt = $at
         WITH v WHERE v.epoch <> $epoch OR v.state = 'failed'
         SET v.state = 'asked', v.epoch = $epoch, v.usedAt = $at`,
        { key, epoch, prop: f.prop, value: f.value, urn: f.urn, at },
      ),
    );
    this.lastAskedLook = 0;
  }

  /**
   * Builds the asked views of this epoch (looked for at most once a second), each in a transaction of
   * its own that takes the views' lock first: `matchOf` gives the statement of a filter's matches,
   * `guard` runs first in each transaction (the writer's lease). Then the least recently used views
   * beyond `MAX_VIEWS` go, in the background.
   */
  async buildAsked(
    epoch: number,
    matchOf: (f: ViewFilter) => FilterMatch,
    guard: (tx: Tx) => Promise<void>,
  ): Promise<number> {
    const at = this.now();
    if (at - this.lastAskedLook < 1000) return 0;
    this.lastAskedLook = at;
    const asked = await this.exec.read(async (tx) => {
      const res = await tx.run<ViewFilter & { filter: string }>(
        `MATCH (v:FacetView {state: 'asked', epoch: $epoch})
         RETURN v.filter AS filter, v.prop AS prop, v.value AS value, v.urn AS urn LIMIT 4`,
        { epoch },
      );
      return res.records.map((r) => r.toObject());
    });
    for (const f of asked) {
      try {
        await this.build(f, epoch, at, matchOf(f), guard);
      } catch (err) {
        // A view that cannot be built (a lost lease, a deadline) is not tried again until asked again:
        // the writes it sits before go on, and searches of the filter count.
        await this.setState(f.filter, 'failed', String(err instanceof Error ? err.message : err));
      }
    }
    if (asked.length) void this.evict().catch(() => undefined);
    this.builtRead = 0;
    return asked.length;
  }

  /**
   * One view built, in one transaction under the views' lock, if it is still asked for (another writer
   * may have built it meanwhile) and its filter matches at most `VIEW_MAX_MATCHES` documents of any
   * kind (the search that asked counted those of its own kinds); else it is `large`, and not built.
   */
  private async build(
    f: ViewFilter & { filter: string },
    epoch: number,
    at: number,
    { match, params }: FilterMatch,
    guard: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    const large = await this.exec.write(async (tx) => {
      await guard(tx);
      const live = (await liveViews(tx, epoch)).map((v) => v.id);
      const still = await tx.run(
        `MATCH (v:FacetView {filter: $filter, state: 'asked', epoch: $epoch}) RETURN v.filter AS filter`,
        { filter: f.filter, epoch },
      );
      if (!still.records.length) return false;
      const counted = await tx.run<{ n: number }>(
        `${match} WITH d WHERE d.facetEpoch = $epoch WITH d LIMIT $over RETURN count(d) AS n`,
        { ...params, epoch, over: VIEW_MAX_MATCHES + 1 },
      );
      if ((counted.records[0]?.get('n') ?? 0) > VIEW_MAX_MATCHES) return true;
      const id = `${f.filter}.${at.toString(36)}`;
      await tx.run(
        `${match}
         WITH d WHERE d.facetEpoch = $epoch
         SET d.facetViews = [x IN coalesce(d.facetViews, []) WHERE x IN $live] + $id
         WITH d UNWIND coalesce(d.facetKeys, []) AS k
         WITH k, count(*) AS n
         MATCH (f:FacetCount {key: k})
         CREATE (:FacetViewCount {key: $id + ':' + k, view: $id, kind: f.kind, prop: f.prop, value: f.value, n: n})`,
        { ...params, epoch, live, id },
      );
      await tx.run(
        `MATCH (v:FacetView {filter: $filter}) SET v.state = 'built', v.id = $id, v.builtAt = $at, v.usedAt = $at`,
        { filter: f.filter, id, at },
      );
      return false;
    });
    if (large) await this.setState(f.filter, 'large', `over ${VIEW_MAX_MATCHES} matches`);
  }

  private async setState(filter: string, state: string, note: string): Promise<void> {
    await this.exec
      .write((tx) =>
        tx.run('MATCH (v:FacetView {filter: $filter}) SET v.state = $state, v.note = $note', {
          filter,
          state,
          note: note.slice(0, 500),
        }),
      )
      .catch(() => undefined);
  }

  /**
   * The least recently used views beyond `MAX_VIEWS`: each is `dropping` first (searches stop reading
   * it: they check its state in the statement that reads its rows), and its rows go a few seconds later.
   */
  private async evict(): Promise<void> {
    const gone = await this.exec.write(async (tx) => {
      const res = await tx.run<{ id: string | null }>(
        `MATCH (v:FacetView) WHERE v.state <> 'dropping'
         WITH v ORDER BY v.usedAt DESC SKIP $max
         SET v.state = 'dropping' RETURN v.id AS id`,
        { max: MAX_VIEWS },
      );
      return res.records.map((r) => r.get('id'));
    });
    if (!gone.length) return;
    await new Promise((r) => setTimeout(r, DROP_AFTER_MS));
    for (const id of gone) if (id) await dropRows(this.exec, id);
    await this.exec.write((tx) => tx.run("MATCH (v:FacetView {state: 'dropping'}) DELETE v"));
  }
}

/** How long a dropped view's rows stay after it stopped being read (longer than any read of them). */
const DROP_AFTER_MS = 5000;

/** Drops a view's rows, a page at a time. */
const dropRows = (exec: Executor, id: string): Promise<void> =>
  deleteInPages(exec, 'MATCH (f:FacetViewCount {view: $id})', { id });

/**
 * Deletes the nodes `f` that `match` yields, 10,000 to a transaction (a catalog's counts can be
 * hundreds of thousands of rows).
 */
export async function deleteInPages(
  exec: Executor,
  match: string,
  params: Record<string, unknown> = {},
): Promise<void> {
  for (let left = true; left;)
    left = await exec.write(async (tx) => {
      const res = await tx.run<{ n: number }>(
        `${match} WITH f LIMIT 10000 DETACH DELETE f RETURN count(*) AS n`,
        params,
      );
      return (res.records[0]?.get('n') ?? 0) > 0;
    });
}
