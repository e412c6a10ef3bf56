import type { Registry } from '../../src/registry/index.js';
import { cypherName, fenceLease, SyncStateStore, type Executor } from '../../src/store/index.js';
import {
  type AutocompleteQuery,
  type AutocompleteResult,
  type BrowseQuery,
  type BrowseResult,
  exactMatch,
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
  type SortCriterion,
  withExtra,
} from '../../src/search-model/index.js';
import { BadRequestError } from '../../src/errors/index.js';
import { autocomplete } from './autocomplete.js';
import { browse } from './browse.js';
import { filterPredicate } from './filters.js';
import {
  completionProp,
  fieldsByKind,
  fullTextIndex,
  isCompleted,
  isDefaultText,
  listProp,
  TEXT_TYPES,
  textProp,
} from './fields.js';
import { DocumentNodes } from './document-nodes.js';
import { keyClauses } from './key-clauses.js';
import { textQuery } from './lucene.js';
import { searchWithinUrns } from './within-urns.js';
import type { CachePolicy } from './result-cache.js';
import { DEADLINE, MatchCounts, pageTotal } from './counts.js';

/** Above this many matches, a page of a query without text is read in URN order from the URN index. */
const SCAN_IN_URN_ORDER = 1000;

/**
 * The embedded search adapter: documents are `(:SearchDocument)` nodes in the same Neo4j, with a
 * full-text (Lucene) index over the default search fields and list properties for filters and facets.
 */
interface TextFields {
  readonly props: readonly string[];
  readonly boosted: readonly { prop: string; boost: number }[];
}
const boostedOf = (fields: readonly SearchField[]): { prop: string; boost: number }[] =>
  fields
    .filter((f) => f.queryByDefault && TEXT_TYPES.has(f.type) && f.boost > 1)
    .map((f) => ({ prop: textProp(f.name), boost: f.boost }));

export class EmbeddedSearchIndex implements SearchIndex {
  private readonly fields: Map<string, SearchField>;
  private readonly fullText: { name: string; props: string[]; textProps: string[] };
  /** Totals and facet counts (cached per query and index version). */
  private readonly counts: MatchCounts;
  /** Documents as `(:SearchDocument)` nodes: how they are written and read back. */
  private readonly nodes: DocumentNodes;

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
    this.fields = searchFields(registry);
    this.fullText = fullTextIndex(this.fields);
    this.nodes = new DocumentNodes(this.fields);
    this.kindFields = fieldsByKind(registry);
    this.allText = { props: this.fullText.textProps, boosted: boostedOf([...this.fields.values()]) };
  }
  private readonly kindFields: ReadonlyMap<string, ReadonlySet<string>>;
  private readonly allText: TextFields;

  /** The text fields of the sets of kinds searched lately (a search of every kind computed them per call). */
  private readonly textFieldsOf = new Map<string, TextFields>();

  /** The fields a free-text search of some kinds (all when none are named) looks in. */
  private textFields(types: readonly string[]): TextFields {
    const key = types.join(',');
    const known = this.textFieldsOf.get(key);
    if (known) return known;
    const sets = types.map((t) => this.kindFields.get(t));
    let found = this.allText;
    if (types.length && !sets.some((x) => x === undefined)) {
      const wanted = [...this.fields.values()].filter((f) => sets.some((x) => x?.has(f.name)));
      const props = new Set(wanted.filter(isDefaultText).map((f) => textProp(f.name)));
      found = { props: this.fullText.textProps.filter((p) => props.has(p)), boosted: boostedOf(wanted) };
    }
    // Kinds come from the registry: the sets are few, but the map is bounded all the same.
    if (this.textFieldsOf.size >= 256) this.textFieldsOf.clear();
    this.textFieldsOf.set(key, found);
    return found;
  }

  /**
   * Creates the constraints and the full-text index. When the index is new (the registry's fields or what
   * the text holds changed), older full-text indexes are dropped first and the sync checkpoint is reset,
   * so the worker rebuilds every document. First: Neo4j takes `CREATE ... IF NOT EXISTS` of an index
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
      `CREATE FULLTEXT INDEX ${this.fullText.name} IF NOT EXISTS FOR (d:SearchDocument) ON EACH [${props}]`,
    ];
    for (const s of statements) await this.exec.write((tx) => tx.run(s));
    if (!(await this.fullTextIndexes()).includes(this.fullText.name))
      throw new Error(`the full-text index ${this.fullText.name} could not be created`);
    if (fresh) await new SyncStateStore(this.exec).resetCheckpoint(this.checkpoint);
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
    if (!groups.length && removed.length) groups.push({ docs: [], rows: [] });
    for (const [i, group] of groups.entries())
      await this.exec.write(async (tx) => {
        if (fence) await fenceLease(tx, fence.token);
        await this.nodes.writeIn(tx, group, i === groups.length - 1 ? removed : []);
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
    const params: Record<string, unknown> = {
      types: q.types,
      includeRemoved: q.includeRemoved === true,
      start: q.start,
    };
    const input = q.input.trim();
    const exact = exactMatch(input, this.fields);
    const groups = exact ? (q.filters.length ? q.filters.map((g) => [...g, exact]) : [[exact]]) : q.filters;
    const fields = withExtra(this.fields, q.extraFields);
    let where = this.where(q.types, groups, params, q.includeRemoved === true, fields);
    const searched = exact || input === '' || input === '*' ? undefined : this.textFields(q.types);
    const text = searched && textQuery(input, searched.props, searched.boosted);
    const narrowing = keyClauses(groups, fields);
    const lucene = [text, narrowing].filter(Boolean).join(' AND ') || undefined;
    const within = q.urns !== undefined;
    if (within) params.urns = q.urns;
    let match: string;
    if (lucene && !(within && !text)) {
      params.index = this.fullText.name;
      params.lucene = lucene;
      if (within) where = `d.urn IN $urns AND ${where}`;
      match = `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS d, score WHERE d:SearchDocument AND ${where}`;
    } else if (within) {
      match = `UNWIND $urns AS u MATCH (d:SearchDocument {urn: u}) WHERE ${where} WITH d, 1.0 AS score`;
    } else {
      match = `MATCH (d:SearchDocument) WHERE ${where} WITH d, 1.0 AS score`;
    }
    // Sort parameters go to the page alone: the cache keys of totals and facets stay those of the match.
    // The page reads one row more than it returns: whether more matches follow, whatever the total says.
    const pageParams: Record<string, unknown> = { ...params, count: q.count + 1 };
    const order = this.order(q.sort ?? [], pageParams, fields);
    // Within URNs, without text, sort or facets (a lineage level): the total and the page in one statement.
    if (within && !text && !order && !q.facets?.length) {
      const page = { start: q.start, count: q.count, whole: exact !== undefined };
      const found = await searchWithinUrns(this.exec, match, params, page);
      const hits = found.rows.map((row): SearchHit => {
        const doc = this.nodes.fromProps(row.props);
        const matched = matchedFields(doc, input, exact, this.fields);
        return { urn: doc.urn, entityType: doc.entityType, score: 1, matchedFields: matched };
      });
      return { total: found.total, hits, facets: {} };
    }
    const page = (cypher: string): Promise<{ props: Record<string, unknown>; score: number }[]> =>
      this.exec.read(async (tx) => {
        const res = await tx.run<{ props: Record<string, unknown>; score: number }>(cypher, pageParams);
        return res.records.map((r) => ({ props: r.get('props'), score: r.get('score') }));
      }, DEADLINE);
    // Without text, a large match set is paged straight off the URN index; both plans answer the same.
    const inUrnOrder = (total: number): string =>
      total > SCAN_IN_URN_ORDER && !within
        ? `MATCH (d:SearchDocument) USING INDEX d:SearchDocument(urn) WHERE d.urn >= '' AND ${where}
           RETURN properties(d) AS props, 1.0 AS score ORDER BY d.urn SKIP $start LIMIT $count`
        : `${match} RETURN properties(d) AS props, score ORDER BY d.urn SKIP $start LIMIT $count`;
    // The page is read at once, beside the version and the counts (each read is a statement of its own on
    // its own connection), so that a search costs its slowest statement rather than their sum: a text or
    // sorted page does not depend on the total, and without text the plan only needs to know whether the
    // match set is large, which the total of any earlier version of the index tells well enough.
    const known = text || order || within ? undefined : this.counts.knownTotal(match, params);
    const earlyCypher =
      q.count === 0
        ? undefined
        : order
          ? `${match} RETURN properties(d) AS props, score ORDER BY ${order}, d.urn SKIP $start LIMIT $count`
          : text
            ? `${match} RETURN properties(d) AS props, score ORDER BY score DESC, d.urn SKIP $start LIMIT $count`
            : within || known !== undefined
              ? inUrnOrder(known ?? 0)
              : undefined;
    const early = earlyCypher ? page(earlyCypher) : undefined;
    // Awaited below; until then a failure must not count as unhandled.
    early?.catch(() => undefined);
    const version = await this.version();
    // The total is counted once per index version, or served a little older when counting it is
    // expensive (ResultCache; not for a search within a list of URNs, whose key would be the list). Hits
    // rank by score; without text every match scores the same and hits come in URN order.
    const counted = q.facets?.length
      ? await this.counts.facets(match, params, q.facets, version, !within, fields)
      : { counts: {}, total: undefined };
    const facets = counted.counts;
    const matches = counted.total ?? (await this.counts.total(match, params, version, !within));
    let rows = early
      ? await early
      : q.count === 0 || q.start >= matches
        ? []
        : await page(inUrnOrder(matches));
    // The early page and the counts are separate reads: an index write between them can leave the page
    // shorter than the total says (it was read before the write, the count after). It is read once more.
    if (earlyCypher && rows.length < Math.min(q.count, matches - q.start)) rows = await page(earlyCypher);
    const more = rows.length > q.count;
    if (more) rows = rows.slice(0, q.count);
    const total = pageTotal(matches, q.start, q.count, rows.length, more);
    const hits: SearchHit[] = rows.map((row) => {
      const doc = this.nodes.fromProps(row.props);
      return {
        urn: doc.urn,
        entityType: doc.entityType,
        score: row.score,
        matchedFields: matchedFields(doc, input, exact, this.fields),
      };
    });
    return { total, hits, facets };
  }

  /** ORDER BY terms of a sort (fields checked against the index fields; names are parameters). */
  private order(
    sort: readonly SortCriterion[],
    params: Record<string, unknown>,
    fields: ReadonlyMap<string, SearchField>,
  ): string | undefined {
    if (!sort.length) return undefined;
    return sort
      .map((s, i) => {
        const name = s.field.replace(/\.keyword$/, '');
        const dir = s.order === 'DESCENDING' ? 'DESC' : 'ASC';
        if (name === 'urn' || name === 'entityType' || name === '_entityType')
          return `d.${name === 'urn' ? 'urn' : 'entityType'} ${dir}`;
        if (!fields.has(name)) throw new BadRequestError(`Unknown sort field "${s.field}"`);
        params[`sp${i}`] = listProp(name);
        return `d[$sp${i}][0] ${dir}`;
      })
      .join(', ');
  }

  async autocomplete(q: AutocompleteQuery): Promise<AutocompleteResult> {
    const params: Record<string, unknown> = {};
    const fields = q.fields.length
      ? q.fields
      : [...this.fields.values()].filter((f) => f.autocomplete).map((f) => f.name);
    // An autocomplete field is asked in its whole values (`a_`); another one in its words (`t_`).
    const props = fields.map((f) => {
      const field = this.fields.get(f);
      return field && isCompleted(field) ? completionProp(f) : textProp(f);
    });
    const indexed = props.every((p) => this.fullText.props.includes(p));
    const fullText = indexed ? { index: this.fullText.name, fields: props } : undefined;
    return autocomplete(
      this.exec,
      { ...q, fields },
      this.where(q.types, q.filters, params, false, withExtra(this.fields, q.extraFields)),
      params,
      fullText,
    );
  }

  async browse(q: BrowseQuery): Promise<BrowseResult> {
    const params: Record<string, unknown> = {};
    return browse(this.exec, q, this.where(q.types, q.filters, params), params);
  }

  /** The predicate every query shares: entity types, no soft-deleted entities, the filters. */
  private where(
    types: readonly string[],
    groups: SearchQuery['filters'],
    params: Record<string, unknown>,
    includeRemoved = false,
    fields: ReadonlyMap<string, SearchField> = this.fields,
  ): string {
    params.types = types;
    params.includeRemoved = includeRemoved;
    return `(size($types) = 0 OR d.entityType IN $types) AND ($includeRemoved OR d.removed = false) AND ${filterPredicate(groups, fields, params)}`;
  }

  /** The index version: changes with every write to the index. */
  private async version(): Promise<number> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ v: number }>(`MATCH (c:Counter {name: 'searchIndex'}) RETURN c.value AS v`);
      return res.records[0]?.get('v') ?? 0;
    });
  }
}
