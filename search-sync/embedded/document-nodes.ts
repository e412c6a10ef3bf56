import { JSON_PARAM_MAX_CHARS, type Tx } from '../../src/store/index.js';
import {
  type FieldValue,
  indexTerms,
  mappingsOf,
  mapInSlices,
  nextTurn,
  type SearchDocument,
  type SearchField,
  searchWords,
  SLICE,
  structuredType,
} from '../model/index.js';
import {
  BROWSE_V2_PROP,
  completionProp,
  isCompleted,
  isDefaultText,
  isKeyed,
  keyProp,
  listProp,
  textProp,
} from './fields.js';
import { countChanges, facetEntries, type FacetEntry } from './facet-counts.js';
import type { LiveView } from './facet-views.js';

const NUMERIC = new Set(['COUNT', 'DATETIME', 'DOUBLE']);
/** JSON of documents per index transaction (16 MB): a bound on a transaction's memory in Neo4j. */
const TX_BYTES = 16 * 1024 * 1024;
/** Documents and their rows of the write statement (`toRow`), index for index. */
export interface DocGroup {
  readonly docs: SearchDocument[];
  readonly rows: DocRow[];
}
/**
 * A document as the write statement takes it: its text and boolean properties as JSON, or as a map when
 * the JSON is too long for Neo4j's JSON reader (`JSON_PARAM_MAX_CHARS`).
 */
interface DocRow {
  readonly urn: string;
  readonly json: string | null;
  readonly props: Record<string, unknown> | null;
  readonly nums: Record<string, unknown>;
  /** What the document adds to the facet counts (`facet-counts.ts`); not a property of its node. */
  readonly facets: readonly FacetEntry[];
}
/** Writes documents: each row's JSON properties replace the node's, then its numeric lists are added. */
const WRITE_DOCUMENTS = `UNWIND $rows AS r MERGE (d:SearchDocument {urn: r.urn})
  SET d = coalesce(apoc.convert.fromJsonMap(r.json), r.props)
  SET d += r.nums, d.facetEpoch = $epoch, d.facetViews = r.views`;
/** Bumped by every write to the index, in the write's transaction: the version of cached results. */
const BUMP_VERSION = `MERGE (c:Counter {name: 'searchIndex'}) ON CREATE SET c.value = 0 SET c.value = c.value + 1`;

/** Search documents as `(:SearchDocument)` nodes: their properties, how they are written and read back. */
export class DocumentNodes {
  constructor(private readonly fields: ReadonlyMap<string, SearchField>) {}

  /**
   * The documents as rows of the write statement, built a slice at a time (each on its own turn of the
   * event loop), in groups of at most `TX_BYTES` of JSON: one transaction per group, so that a batch of
   * very large documents does not become one transaction of gigabytes.
   */
  async groups(docs: readonly SearchDocument[]): Promise<DocGroup[]> {
    const rows = await mapInSlices(docs, (d) => this.toRow(d));
    const groups: DocGroup[] = [];
    let bytes = 0;
    rows.forEach((row, i) => {
      const last = groups.at(-1);
      if (!last || (last.rows.length && bytes + rowBytes(row) > TX_BYTES)) {
        groups.push({ docs: [docs[i] as SearchDocument], rows: [row] });
        bytes = rowBytes(row);
      } else {
        last.docs.push(docs[i] as SearchDocument);
        last.rows.push(row);
        bytes += rowBytes(row);
      }
    });
    return groups;
  }

  /**
   * A group of documents written and URNs removed in one transaction, with the version bump of the
   * index; the kept counts and the live views (read under their lock) move with them.
   */
  async writeIn(
    tx: Tx,
    group: DocGroup,
    removed: readonly string[],
    epoch: number,
    views: readonly LiveView[],
  ): Promise<void> {
    const { docs, rows } = group;
    if (docs.length) {
      // A statement per slice: the driver packs each on its own turn of the event loop.
      for (let i = 0; i < rows.length; i += SLICE) {
        if (i) await nextTurn();
        const slice = rows.slice(i, i + SLICE);
        const marks = await countChanges(
          tx,
          slice.map((r) => ({ urn: r.urn, entries: r.facets })),
          epoch,
          views,
        );
        await tx.run(WRITE_DOCUMENTS, {
          rows: slice.map(({ facets: _f, ...row }) => {
            const inViews = marks.get(row.urn);
            return { ...row, views: inViews?.length ? inViews : null };
          }),
          epoch,
        });
      }
      const mapped = mappingsOf(docs);
      if (mapped.length)
        await tx.run(
          'UNWIND $mapped AS m MERGE (:SearchMapping {entityType: m.entityType, field: m.field})',
          { mapped },
        );
    }
    if (removed.length) {
      await countChanges(
        tx,
        removed.map((urn) => ({ urn, entries: undefined })),
        epoch,
        views,
      );
      await tx.run('UNWIND $urns AS u MATCH (d:SearchDocument {urn: u}) DELETE d', { urns: removed });
    }
    await tx.run(BUMP_VERSION);
  }

  /**
   * A document as the write statement takes it: its text and boolean properties as one JSON string
   * (Neo4j parses it far faster than the driver packs a map of a few dozen strings and lists), its
   * numeric lists as they are (a JSON integer would come back a long, not the double the index stores).
   */
  private toRow(d: SearchDocument): DocRow {
    const rest: Record<string, unknown> = {};
    const nums: Record<string, unknown> = {};
    const props = this.toProps(d);
    const facets = facetEntries(d, this.fields, props);
    props.facetKeys = facets.map((f) => f.k);
    for (const [k, v] of Object.entries(props))
      (Array.isArray(v) && typeof v[0] === 'number' ? nums : rest)[k] = v;
    const json = JSON.stringify(rest);
    return json.length < JSON_PARAM_MAX_CHARS
      ? { urn: d.urn, json, props: null, nums, facets }
      : { urn: d.urn, json: null, props: rest, nums, facets };
  }

  private toProps(d: SearchDocument): Record<string, unknown> {
    const props: Record<string, unknown> = { urn: d.urn, entityType: d.entityType, removed: d.removed };
    for (const [name, values] of Object.entries(d.fields)) {
      const field = this.fields.get(name);
      const type = field?.type ?? structuredType(name, values);
      const list: FieldValue[] =
        type === 'BOOLEAN'
          ? values.map((v) => v === true || v === 'true')
          : NUMERIC.has(type)
            ? values.map(Number).filter((n) => !Number.isNaN(n))
            : values.map(String);
      props[listProp(name)] = list;
      if (field && isDefaultText(field)) props[textProp(name)] = indexTerms(field.type, list).join('\n');
      // Whole values too: autocomplete asks for what the user typed (`table_81`) as one prefix.
      if (field && isCompleted(field))
        props[completionProp(name)] = [...list, ...searchWords(field.type, list)].join('\n');
      if (field && isKeyed(field)) props[keyProp(name)] = list.join('\n');
    }
    props.fieldNames = Object.keys(d.fields);
    // browseV2's path as one string property, under an index range: a browse reads the documents below a
    // path by prefix (`browse.ts`).
    const pathV2 = d.fields.browsePathV2?.[0];
    if (typeof pathV2 === 'string' && pathV2) props[BROWSE_V2_PROP] = pathV2;
    return props;
  }

  fromProps(p: Record<string, unknown>): SearchDocument {
    const names = Array.isArray(p.fieldNames) ? (p.fieldNames as string[]) : [];
    const fields: Record<string, FieldValue[]> = {};
    for (const n of names) fields[n] = (p[listProp(n)] as FieldValue[] | undefined) ?? [];
    return { urn: String(p.urn), entityType: String(p.entityType), removed: p.removed === true, fields };
  }
}

/** About how much a row weighs in a transaction: its JSON, or the JSON it would have been. */
const rowBytes = (row: DocRow): number => row.json?.length ?? JSON_PARAM_MAX_CHARS;
