import type { Registry } from '../../src/registry/index.js';
import { cypherName, type Executor } from '../../src/store/index.js';
import { searchFields, type FieldValue, type SearchDocument, type SearchField } from '../document.js';
import type {
  AutocompleteQuery,
  AutocompleteResult,
  BrowseQuery,
  BrowseResult,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../search-index.js';
import { autocomplete } from './autocomplete.js';
import { browse } from './browse.js';
import { filterPredicate } from './filters.js';
import { fullTextIndex, isDefaultText, isKeyed, keyProp, listProp, TEXT_TYPES, textProp } from './fields.js';
import { keyClauses } from './key-clauses.js';
import { textQuery } from './lucene.js';
import { exactMatch, matchedFields } from './matching.js';

const NUMERIC = new Set(['COUNT', 'DATETIME']);

/**
 * The embedded search adapter: documents are `(:SearchDocument)` nodes in the same Neo4j, with a
 * full-text (Lucene) index over the default search fields and list properties for filters and facets.
 */
export class EmbeddedSearchIndex implements SearchIndex {
  private readonly fields: Map<string, SearchField>;
  private readonly fullText: { name: string; props: string[]; textProps: string[] };

  constructor(
    private readonly exec: Executor,
    registry: Registry,
  ) {
    this.fields = searchFields(registry);
    this.fullText = fullTextIndex(this.fields);
  }

  /**
   * Creates the constraints and the full-text index. When the index is new (the registry's fields
   * changed), older full-text indexes are dropped and the sync checkpoint is reset, so the worker rebuilds
   * every document with the new fields.
   */
  async init(): Promise<void> {
    const props = this.fullText.props.map((p) => `d.${p}`).join(', ');
    const existing = await this.exec.read(async (tx) => {
      const res = await tx.run<{ name: string }>(
        "SHOW INDEXES YIELD name WHERE name STARTS WITH 'search_text_' RETURN name",
      );
      return res.records.map((r) => r.get('name'));
    });
    const statements = [
      'CREATE CONSTRAINT search_document_urn IF NOT EXISTS FOR (d:SearchDocument) REQUIRE d.urn IS UNIQUE',
      'CREATE INDEX search_document_type IF NOT EXISTS FOR (d:SearchDocument) ON (d.entityType, d.removed)',
      `CREATE FULLTEXT INDEX ${this.fullText.name} IF NOT EXISTS FOR (d:SearchDocument) ON EACH [${props}]`,
    ];
    for (const s of statements) await this.exec.write((tx) => tx.run(s));
    if (!existing.includes(this.fullText.name)) {
      for (const old of existing)
        await this.exec.write((tx) => tx.run(`DROP INDEX ${cypherName(old)} IF EXISTS`));
      await this.exec.write((tx) => tx.run("MATCH (c:SyncCheckpoint {name: 'search'}) SET c.seq = 0"));
    }
    await this.exec.write((tx) => tx.run('CALL db.awaitIndexes(300)'));
  }

  async upsert(docs: readonly SearchDocument[]): Promise<void> {
    if (!docs.length) return;
    const rows = docs.map((d) => ({ urn: d.urn, props: this.toProps(d) }));
    await this.exec.write((tx) =>
      tx.run('UNWIND $rows AS r MERGE (d:SearchDocument {urn: r.urn}) SET d = r.props', { rows }),
    );
  }

  async remove(urns: readonly string[]): Promise<void> {
    if (!urns.length) return;
    await this.exec.write((tx) =>
      tx.run('UNWIND $urns AS u MATCH (d:SearchDocument {urn: u}) DELETE d', { urns }),
    );
  }

  async get(urn: string): Promise<SearchDocument | undefined> {
    const props = await this.exec.read(async (tx) => {
      const res = await tx.run<{ p: Record<string, unknown> }>(
        'MATCH (d:SearchDocument {urn: $urn}) RETURN properties(d) AS p',
        { urn },
      );
      return res.records[0]?.get('p');
    });
    return props ? this.fromProps(props) : undefined;
  }

  async search(q: SearchQuery): Promise<SearchResult> {
    const params: Record<string, unknown> = {
      types: q.types,
      includeRemoved: q.includeRemoved === true,
      start: q.start,
      end: q.start + q.count,
    };
    const input = q.input.trim();
    const exact = exactMatch(input, this.fields);
    const groups = exact ? (q.filters.length ? q.filters.map((g) => [...g, exact]) : [[exact]]) : q.filters;
    const where = this.where(q.types, groups, params, q.includeRemoved === true);
    const text =
      exact || input === '' || input === '*'
        ? undefined
        : textQuery(input, this.fullText.textProps, this.boosted());
    const narrowing = keyClauses(groups, this.fields);
    const lucene = [text, narrowing].filter(Boolean).join(' AND ') || undefined;
    let match: string;
    if (lucene) {
      params.index = this.fullText.name;
      params.lucene = lucene;
      match = `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS d, score WHERE d:SearchDocument AND ${where}`;
    } else {
      match = `MATCH (d:SearchDocument) WHERE ${where} WITH d, 1.0 AS score`;
    }
    const page = await this.exec.read(async (tx) => {
      const res = await tx.run<{ total: number; page: { props: Record<string, unknown>; score: number }[] }>(
        `${match}
         WITH d, score ORDER BY score DESC, d.urn
         WITH collect({d: d, score: score}) AS hits
         RETURN size(hits) AS total, [h IN hits[$start..$end] | {props: properties(h.d), score: h.score}] AS page`,
        params,
      );
      const rec = res.records[0];
      return rec ? { total: rec.get('total'), page: rec.get('page') } : { total: 0, page: [] };
    });
    const hits: SearchHit[] = page.page.map((row) => {
      const doc = this.fromProps(row.props);
      return {
        urn: doc.urn,
        entityType: doc.entityType,
        score: row.score,
        matchedFields: matchedFields(doc, input, exact, this.fields),
      };
    });
    const facets = q.facets?.length ? await this.facets(match, params, q.facets) : {};
    return { total: page.total, hits, facets };
  }

  async autocomplete(q: AutocompleteQuery): Promise<AutocompleteResult> {
    const params: Record<string, unknown> = {};
    const fields = q.fields.length
      ? q.fields
      : [...this.fields.values()].filter((f) => f.autocomplete).map((f) => f.name);
    const indexed = fields.every((f) => this.fullText.props.includes(textProp(f)));
    const fullText = indexed ? { index: this.fullText.name, fields: fields.map(textProp) } : undefined;
    return autocomplete(
      this.exec,
      { ...q, fields },
      this.where(q.types, q.filters, params),
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
  ): string {
    params.types = types;
    params.includeRemoved = includeRemoved;
    return `(size($types) = 0 OR d.entityType IN $types) AND ($includeRemoved OR d.removed = false) AND ${filterPredicate(groups, this.fields, params)}`;
  }

  /** Counts of every value of the requested facet fields over all matches, in one query. */
  private async facets(
    match: string,
    params: Record<string, unknown>,
    names: readonly string[],
  ): Promise<Record<string, Record<string, number>>> {
    const known = names.filter((f) => f === 'entityType' || this.fields.has(f));
    const out: Record<string, Record<string, number>> = Object.fromEntries(known.map((f) => [f, {}]));
    if (!known.length) return out;
    const facetProps = known.map((f) => ({ name: f, prop: f === 'entityType' ? null : listProp(f) }));
    const res = await this.exec.read((tx) =>
      tx.run<{ name: string; v: unknown; n: number }>(
        `${match}
         UNWIND $facetProps AS fp
         UNWIND CASE WHEN fp.prop IS NULL THEN [d.entityType] ELSE coalesce(d[fp.prop], []) END AS v
         RETURN fp.name AS name, v, count(*) AS n`,
        { ...params, facetProps },
      ),
    );
    for (const r of res.records)
      (out[r.get('name')] as Record<string, number>)[String(r.get('v'))] = r.get('n');
    return out;
  }

  private boosted(): { prop: string; boost: number }[] {
    return [...this.fields.values()]
      .filter((f) => f.queryByDefault && TEXT_TYPES.has(f.type) && f.boost > 1)
      .map((f) => ({ prop: textProp(f.name), boost: f.boost }));
  }

  private toProps(d: SearchDocument): Record<string, unknown> {
    const props: Record<string, unknown> = { urn: d.urn, entityType: d.entityType, removed: d.removed };
    for (const [name, values] of Object.entries(d.fields)) {
      const field = this.fields.get(name);
      const type = field?.type ?? 'KEYWORD';
      const list: FieldValue[] =
        type === 'BOOLEAN'
          ? values.map((v) => v === true || v === 'true')
          : NUMERIC.has(type)
            ? values.map(Number).filter((n) => !Number.isNaN(n))
            : values.map(String);
      props[listProp(name)] = list;
      if (field && isDefaultText(field)) props[textProp(name)] = list.join('\n');
      if (field && isKeyed(field)) props[keyProp(name)] = list.join('\n');
    }
    props.fieldNames = Object.keys(d.fields);
    return props;
  }

  private fromProps(p: Record<string, unknown>): SearchDocument {
    const names = Array.isArray(p.fieldNames) ? (p.fieldNames as string[]) : [];
    const fields: Record<string, FieldValue[]> = {};
    for (const n of names) fields[n] = (p[listProp(n)] as FieldValue[] | undefined) ?? [];
    return { urn: String(p.urn), entityType: String(p.entityType), removed: p.removed === true, fields };
  }
}
