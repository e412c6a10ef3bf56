import type { Registry } from '../../src/registry/index.js';
import { cypherName, fenceLease, SyncStateStore, type Executor, type Tx } from '../../src/store/index.js';
import {
  type AutocompleteQuery,
  type AutocompleteResult,
  type AutocompleteScope,
  type BrowseQuery,
  type BrowseResult,
  type BrowseV2Query,
  type BrowseV2Result,
  type Fence,
  matchedFields,
  type PendingWrite,
  type SearchDocument,
  type SearchField,
  searchFields,
  type SearchHit,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  withExtra,
} from '../model/index.js';
import { autocomplete, autocompleteEach, prefixQuery } from './autocomplete.js';
import { browse, browseV2 } from './browse.js';
import {
  BROWSE_V2_PROP,
  completionProp,
  fieldsByKind,
  fullTextIndex,
  isCompleted,
  listProp,
  textProp,
} from './fields.js';
import { DocumentNodes } from './document-nodes.js';
import { countsAll, FACET_COUNT_SCHEMA, KeptFacetCounts } from './facet-counts.js';
import {
  FACET_VIEW_SCHEMA,
  liveViews,
  VIEW_MAX_MATCHES,
  VIEW_MIN_MATCHES,
  type ViewFilter,
} from './facet-views.js';
import {
  asksKnownTotal,
  earlyPage,
  matchPredicate,
  type PlanContext,
  planContext,
  planSearch,
  type SearchPlan,
  urnOrderPage,
} from './search-plan.js';
import { searchWithinUrns } from './within-urns.js';
import { type CachePolicy, ResultCache } from './result-cache.js';
import { DEADLINE, MatchCounts, pageTotal } from './counts.js';

/**
 * The version of what a document node holds besides the full-text index's properties: a newer one
 * rebuilds every document (the sync starts again from the store) and leaves the full-text index as it
 * is. 2: browseV2's path property (issue 39).
 */
const DOCUMENTS_SHAPE = 2;

/**
 * The embedded search adapter: documents are `(:SearchDocument)` nodes in the same Neo4j, with a
 * full-text (Lucene) index over the default search fields and list properties for filters and facets.
 */
export class EmbeddedSearchIndex implements SearchIndex {
  private readonly fields: Map<string, SearchField>;
  private readonly fullText: { name: string; props: string[]; textProps: string[] };
  /** Totals and facet counts (cached per query and index version). */
  private readonly counts: MatchCounts;
  /** Documents as `(:SearchDocument)` nodes: how they are written and read back. */
  private readonly nodes: DocumentNodes;
  /**
   * browseV2's answers, per query and index version as the counts are: a folder high in a large catalog
   * (the root reads every document with a path) is read once per version, or served a few seconds old.
   */
  private readonly browsed: ResultCache<BrowseV2Result>;

  /**
   * `checkpoint` names the sync checkpoint (and lease) of this index: the embedded index keeps the
   * checkpoint's first name; a test syncing on its own checkpoint names another. `counts` overrides
   * the policy of the cached totals and facet counts (tests).
   */
  constructor(
    private readonly exec: Executor,
    registry: Registry,
    readonly checkpoint = 'search',
    counts: Partial<CachePolicy> = {},
  ) {
    this.counts = new MatchCounts(exec, counts);
    this.browsed = new ResultCache(counts);
    this.fields = searchFields(registry);
    this.fullText = fullTextIndex(this.fields);
    this.nodes = new DocumentNodes(this.fields);
    this.kept = new KeptFacetCounts(exec);
    this.plans = planContext(this.fields, this.fullText, fieldsByKind(registry));
  }
  /** What search plans are made from (`search-plan.ts`). */
  private readonly plans: PlanContext;
  /** The facet counts kept as documents are written (`facet-counts.ts`). */
  private readonly kept: KeptFacetCounts;

  /**
   * Creates the constraints and the full-text index. When the index is new (the registry's fields or what
   * the text holds changed), older full-text indexes are dropped first and the sync checkpoint is reset,
   * so the worker rebuilds every document; so is it when the documents' shape is newer. First: Neo4j takes `CREATE ... IF NOT EXISTS` of an index
   * equal to one under another name (same label and properties) for a no-op, and dropping that one after
   * would leave none.
   */
  async init(): Promise<void> {
    const props = this.fullText.props.map((p) => `d.${p}`).join(', ');
    const existing = await this.fullTextIndexes();
    const fresh = !existing.includes(this.fullText.name);
    if (fresh)
      for (const old of existing)
        await this.exec.write((tx) => tx.run(`DROP INDEX ${cypherName(old)} IF EXISTS`));
    const statements = [
      'CREATE CONSTRAINT search_document_urn IF NOT EXISTS FOR (d:SearchDocument) REQUIRE d.urn IS UNIQUE',
      'CREATE INDEX search_document_type IF NOT EXISTS FOR (d:SearchDocument) ON (d.entityType, d.removed)',
      `CREATE INDEX search_document_browse_v2 IF NOT EXISTS FOR (d:SearchDocument) ON (d.${BROWSE_V2_PROP})`,
      `CREATE FULLTEXT INDEX ${this.fullText.name} IF NOT EXISTS FOR (d:SearchDocument) ON EACH [${props}]`,
    ];
    for (const s of [...statements, ...FACET_COUNT_SCHEMA, ...FACET_VIEW_SCHEMA])
      await this.exec.write((tx) => tx.run(s));
    if (!(await this.fullTextIndexes()).includes(this.fullText.name))
      throw new Error(`the full-text index ${this.fullText.name} could not be created`);
    const reshaped = await this.exec.write(async (tx) => {
      const res = await tx.run<{ older: boolean }>(
        `MERGE (s:SearchDocumentShape {name: $name})
         WITH s, coalesce(s.shape, 1) AS was SET s.shape = CASE WHEN was < $shape THEN $shape ELSE was END
         RETURN was < $shape AS older`,
        { name: this.checkpoint, shape: DOCUMENTS_SHAPE },
      );
      return res.records[0]?.get('older') === true;
    });
    const sync = new SyncStateStore(this.exec);
    const counts = await this.kept.init(this.checkpoint, () => sync.head());
    if (fresh || reshaped || counts.begun) await sync.resetCheckpoint(this.checkpoint);
    await this.exec.write((tx) => tx.run('CALL db.awaitIndexes(300)'));
  }

  /** The names of the search's full-text indexes in the database (this version's and older ones). */
  private fullTextIndexes(): Promise<string[]> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ name: string }>(
        "SHOW INDEXES YIELD name WHERE name STARTS WITH 'search_text_' RETURN name",
      );
      return res.records.map((r) => r.get('name'));
    });
  }

  async upsert(docs: readonly SearchDocument[]): Promise<void> {
    await (
      await this.write(docs, [])
    )();
  }

  async mappings(): Promise<Record<string, string[]>> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ t: string; fields: string[] }>(
        'MATCH (m:SearchMapping) WITH m ORDER BY m.field RETURN m.entityType AS t, collect(m.field) AS fields ORDER BY t',
      );
      return Object.fromEntries(res.records.map((r) => [r.get('t'), r.get('fields')]));
    });
  }

  /** Drops the mappings of structured-property fields no document of their entity type has values in. */
  async dropUnusedMappings(): Promise<{ entityType: string; field: string }[]> {
    const dropped: { entityType: string; field: string }[] = [];
    for (const [entityType, fields] of Object.entries(await this.mappings())) {
      for (const field of fields) {
        const used = await this.exec.read(async (tx) => {
          const res = await tx.run(
            `MATCH (d:SearchDocument {entityType: $entityType}) WHERE size(coalesce(d[$prop], [])) > 0
             RETURN 1 AS x LIMIT 1`,
            { entityType, prop: listProp(field) },
          );
          return res.records.length > 0;
        });
        if (used) continue;
        await this.exec.write((tx) =>
          tx.run('MATCH (m:SearchMapping {entityType: $entityType, field: $field}) DELETE m', {
            entityType,
            field,
          }),
        );
        dropped.push({ entityType, field });
      }
    }
    return dropped;
  }

  /**
   * Writes and removes, under the fence's lease when there is one: done on return. One transaction, or
   * one per `TX_BYTES` of documents (the removals go with the last).
   */
  async write(
    docs: readonly SearchDocument[],
    removed: readonly string[],
    fence?: Fence,
  ): Promise<PendingWrite> {
    const groups = await this.nodes.groups(docs);
    const epoch = await this.kept.epoch();
    const guard = async (tx: Tx): Promise<void> => {
      if (fence) await fenceLease(tx, fence.token);
    };
    // Views asked for by searches are built between writes (`facet-views.ts`); never a reason for the
    // write to fail.
    await this.kept.views.buildAsked(epoch, (f) => this.filterMatch(f), guard).catch(() => undefined);
    if (!groups.length && removed.length) groups.push({ docs: [], rows: [] });
    for (const [i, group] of groups.entries())
      await this.exec.write(async (tx) => {
        await guard(tx);
        const views = await liveViews(tx, epoch);
        await this.nodes.writeIn(tx, group, i === groups.length - 1 ? removed : [], epoch, views);
      });
    return async () => undefined;
  }

  async remove(urns: readonly string[]): Promise<void> {
    await (
      await this.write([], urns)
    )();
  }

  /** The embedded index is part of the graph store: it answers when the store does. */
  ping(): Promise<void> {
    return this.exec.ping();
  }

  async get(urn: string): Promise<SearchDocument | undefined> {
    const props = await this.exec.read(async (tx) => {
      const res = await tx.run<{ p: Record<string, unknown> }>(
        'MATCH (d:SearchDocument {urn: $urn}) RETURN properties(d) AS p',
        { urn },
      );
      return res.records[0]?.get('p');
    });
    return props ? this.nodes.fromProps(props) : undefined;
  }

  async search(q: SearchQuery): Promise<SearchResult> {
    return this.run(planSearch(q, this.plans));
  }

  /** Runs a search's plan through the executor. */
  private async run(p: SearchPlan): Promise<SearchResult> {
    const hit = (props: Record<string, unknown>, score: number): SearchHit => {
      const doc = this.nodes.fromProps(props);
      const matched = matchedFields(doc, p.input, p.exact, this.fields);
      return { urn: doc.urn, entityType: doc.entityType, score, matchedFields: matched };
    };
    if (p.page.kind === 'withinUrns') {
      const page = { start: p.start, count: p.count, whole: p.page.whole };
      const found = await searchWithinUrns(this.exec, p.match, p.params, page);
      return { total: found.total, hits: found.rows.map((row) => hit(row.props, 1)), facets: {} };
    }
    const paged = p.page;
    const read = (cypher: string): Promise<{ props: Record<string, unknown>; score: number }[]> =>
      this.exec.read(async (tx) => {
        const res = await tx.run<{ props: Record<string, unknown>; score: number }>(cypher, p.pageParams);
        return res.records.map((r) => ({ props: r.get('props'), score: r.get('score') }));
      }, DEADLINE);
    // The page is read at once, beside the version and the counts (each read is a statement of its own on
    // its own connection), so that a search costs its slowest statement rather than their sum: a text or
    // sorted page does not depend on the total, and without text the plan only needs to know whether the
    // match set is large, which the total of any earlier version of the index tells well enough.
    const known = asksKnownTotal(p) ? this.counts.knownTotal(p.match, p.params) : undefined;
    const earlyCypher = earlyPage(p, known);
    const early = earlyCypher ? read(earlyCypher) : undefined;
    // Awaited below; until then a failure must not count as unhandled.
    early?.catch(() => undefined);
    const version = await this.version();
    // The total is counted once per index version, or served a little older when counting it is
    // expensive (ResultCache; not for a search within a list of URNs, whose key would be the list). Hits
    // rank by score; without text every match scores the same and hits come in URN order.
    const cacheable = !p.within;
    const kept = p.matchAll
      ? await this.kept.matchAll(p.matchAll, p.facets, p.fields)
      : p.single && (await this.kept.filtered(p.single, p.single.types, p.facets, p.fields));
    const counted =
      kept ||
      (p.facets.length
        ? await this.counts.facets(p.match, p.params, p.facets, version, cacheable, p.fields)
        : { counts: {}, total: undefined });
    const facets = counted.counts;
    const matches = counted.total ?? (await this.counts.total(p.match, p.params, version, cacheable));
    // A filter counted over many matches asks for its view, which answers the next such search.
    const viewable = p.single && p.facets.length && countsAll(p.facets, p.fields);
    if (!kept && viewable && matches >= VIEW_MIN_MATCHES && matches <= VIEW_MAX_MATCHES)
      this.askView(p.single as ViewFilter);
    let rows = early
      ? await early
      : p.count === 0 || p.start >= matches
        ? []
        : await read(urnOrderPage(paged, matches));
    // The early page and the counts are separate reads: an index write between them can leave the page
    // shorter than the total says (it was read before the write, the count after). It is read once more.
    if (earlyCypher && rows.length < Math.min(p.count, matches - p.start)) rows = await read(earlyCypher);
    const more = rows.length > p.count;
    if (more) rows = rows.slice(0, p.count);
    const total = pageTotal(matches, p.start, p.count, rows.length, more);
    return { total, hits: rows.map((row) => hit(row.props, row.score)), facets };
  }

  /** Asks for a filter's view, in the background (a search never waits on it, nor fails by it). */
  private askView(f: ViewFilter): void {
    void this.kept
      .epoch()
      .then((epoch) => this.kept.views.ask(f, epoch))
      .catch(() => undefined);
  }

  /** The statement of a filter's matches, of every kind: the search plan's. */
  private filterMatch(f: ViewFilter): { match: string; params: Record<string, unknown> } {
    const field = [...this.fields.values()].find((x) => listProp(x.name) === f.prop);
    if (!field) throw new Error(`no index field holds ${f.prop}`);
    const p = planSearch(
      { types: [], input: '', filters: [[{ field: field.name, values: [f.value] }]], start: 0, count: 0 },
      this.plans,
    );
    return { match: p.match, params: p.params };
  }

  async autocomplete(q: AutocompleteQuery): Promise<AutocompleteResult> {
    const params: Record<string, unknown> = {};
    const { fields, props, indexed } = this.completion(q.fields);
    const fullText = indexed ? { index: this.fullText.name, fields: props } : undefined;
    return autocomplete(
      this.exec,
      { ...q, fields },
      matchPredicate(q.types, q.filters, params, false, withExtra(this.fields, q.extraFields)),
      params,
      fullText,
    );
  }

  /**
   * Every scope in one statement when each has a full-text query (its fields are in the full-text index
   * and the query has a word); one statement per scope otherwise.
   */
  async autocompleteEach(
    q: Omit<AutocompleteQuery, 'types' | 'fields'>,
    scopes: readonly AutocompleteScope[],
  ): Promise<AutocompleteResult[]> {
    const needle = q.query.trim().toLowerCase();
    const statements = scopes.map((s) => {
      const { fields, props, indexed } = this.completion(s.fields);
      const lucene = indexed ? prefixQuery(needle, props) : undefined;
      // The values are read from the fields' list properties, as `autocomplete` reads them.
      return lucene ? { types: s.types, props: [...new Set(fields.map(listProp))], lucene } : undefined;
    });
    if (!statements.every((s) => s !== undefined) || scopes.length < 2)
      return Promise.all(scopes.map((s) => this.autocomplete({ ...q, ...s })));
    const params: Record<string, unknown> = {};
    const where = matchPredicate(
      [],
      q.filters,
      params,
      false,
      withExtra(this.fields, q.extraFields),
      's.types',
    );
    return autocompleteEach(this.exec, needle, q.limit, statements, where, params, this.fullText.name);
  }

  /** The fields an autocomplete completes on, their properties, and whether all are full-text indexed. */
  private completion(asked: readonly string[]): {
    fields: readonly string[];
    props: string[];
    indexed: boolean;
  } {
    const fields = asked.length
      ? asked
      : [...this.fields.values()].filter((f) => f.autocomplete).map((f) => f.name);
    // An autocomplete field is asked in its whole values (`a_`); another one in its words (`t_`).
    const props = fields.map((f) => {
      const field = this.fields.get(f);
      return field && isCompleted(field) ? completionProp(f) : textProp(f);
    });
    return { fields, props, indexed: props.every((p) => this.fullText.props.includes(p)) };
  }

  async browse(q: BrowseQuery): Promise<BrowseResult> {
    const params: Record<string, unknown> = {};
    return browse(this.exec, q, matchPredicate(q.types, q.filters, params, false, this.fields), params);
  }

  async browseV2(q: BrowseV2Query): Promise<BrowseV2Result> {
    const params: Record<string, unknown> = {};
    const where = matchPredicate(q.types, q.filters, params, false, this.fields);
    const key = JSON.stringify([where, params, q.path]);
    return this.browsed.value(key, await this.version(), () => browseV2(this.exec, q, where, params));
  }

  /** The index version: changes with every write to the index. */
  private async version(): Promise<number> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ v: number }>(`MATCH (c:Counter {name: 'searchIndex'}) RETURN c.value AS v`);
      return res.records[0]?.get('v') ?? 0;
    });
  }
}
