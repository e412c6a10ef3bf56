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
    `OPTIONAL MATCH (c:Counter {name: 'facetViews'}) SET c.lock = true REMOVE c.lock
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

/** A view's facets (by list property) and total over the documents of `types` (all when empty). */
export async function readViewCounts(
  tx: Tx,
  id: string,
  props: readonly string[],
  types: readonly string[],
): Promise<{ byProp: Facets; total: number }> {
  const res = await tx.run<{ p: string; v: string; n: number }>(
    `MATCH (f:FacetViewCount) WHERE f.view = $id AND f.prop IN $props AND (size($types) = 0 OR f.kind IN $types)
       AND f.n > 0
     RETURN f.prop AS p, f.value AS v, sum(f.n) AS n`,
    { id, props: [...new Set([...props, 'entityType'])], types },
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
   * beyond `MAX_VIEWS` go.
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
        await this.exec
          .write((tx) =>
            tx.run(`MATCH (v:FacetView {filter: $filter}) SET v.state = 'failed', v.error = $error`, {
              filter: f.filter,
              error: String(err instanceof Error ? err.message : err).slice(0, 500),
            }),
          )
          .catch(() => undefined);
      }
    }
    if (asked.length) await this.evict();
    this.builtRead = 0;
    return asked.length;
  }

  /** One view built, in one transaction under the views' lock. */
  private async build(
    f: ViewFilter & { filter: string },
    epoch: number,
    at: number,
    { match, params }: FilterMatch,
    guard: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    await this.exec.write(async (tx) => {
      await guard(tx);
      const live = (await liveViews(tx, epoch)).map((v) => v.id);
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
    });
  }

  /** The least recently used views beyond `MAX_VIEWS`, with their rows (a new epoch wipes them all). */
  private async evict(): Promise<void> {
    const gone = await this.exec.read(async (tx) => {
      const res = await tx.run<{ filter: string; id: string | null }>(
        `MATCH (v:FacetView) WITH v ORDER BY v.usedAt DESC SKIP $max RETURN v.filter AS filter, v.id AS id`,
        { max: MAX_VIEWS },
      );
      return res.records.map((r) => r.toObject());
    });
    for (const v of gone) await dropView(this.exec, v.filter, v.id);
  }
}

/** Drops a view and its rows (a page at a time). */
export async function dropView(exec: Executor, filter: string, id: string | null): Promise<void> {
  await exec.write((tx) => tx.run('MATCH (v:FacetView {filter: $filter}) DELETE v', { filter }));
  if (!id) return;
  for (let left = true; left;)
    left = await exec.write(async (tx) => {
      const res = await tx.run<{ n: number }>(
        'MATCH (f:FacetViewCount {view: $id}) WITH f LIMIT 10000 DELETE f RETURN count(*) AS n',
        { id },
      );
      return (res.records[0]?.get('n') ?? 0) > 0;
    });
}
