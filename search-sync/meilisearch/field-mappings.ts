import type { Index, Meilisearch } from 'meilisearch';
import type { SearchField } from '../model/index.js';
import { attr, docId, type MeiliDocument } from './documents.js';
import { literal } from './filters.js';
import { applySettings, sortable } from './settings.js';
import { check } from './tasks.js';

type Pair = { entityType: string; field: string };
/** A field mapping's document id: one per entity type and field. */
const pairId = (p: Pair): string => docId(`${p.entityType}\u0000${p.field}`);

/**
 * The structured-property fields the entity index holds values of (DataHub's index mappings), recorded
 * in a companion index, `<uid>_mappings`. A field is filterable as soon as it is written (the settings'
 * patterns), and sortable once a search sorts on it (`makeSortable`).
 */
export class FieldMappings {
  private known: Set<string> | undefined;
  /** The attributes Meilisearch sorts on now (set at start, kept up to date by this process). */
  sortableNow = new Set<string>();
  private sortableUpdate: Promise<void> = Promise.resolve();
  private readonly mappingIndex: Index<Pair & { id: string }>;

  constructor(
    client: Meilisearch,
    uid: string,
    private readonly index: Index<MeiliDocument>,
    private readonly fields: ReadonlyMap<string, SearchField>,
  ) {
    this.mappingIndex = client.index(`${uid}_mappings`);
  }

  /** Records the fields not recorded yet. */
  async record(pairs: readonly Pair[]): Promise<void> {
    if (!pairs.length) return;
    if (!this.known) {
      const all = await this.pairs();
      this.known = new Set(all.map((m) => pairId(m)));
    }
    const fresh = pairs.filter((p) => !this.known?.has(pairId(p)));
    if (!fresh.length) return;
    const rows = fresh.map((p) => ({ id: pairId(p), ...p }));
    check(await this.mappingIndex.addDocuments(rows, { primaryKey: 'id' }).waitTask({ timeout: 300_000 }));
    // A prune that ran meanwhile forgot what is known: the next record reads it again from the index.
    for (const r of rows) this.known?.add(r.id);
  }

  /** Every recorded field with its entity type. */
  async pairs(): Promise<Pair[]> {
    try {
      const res = await this.mappingIndex.getDocuments({ limit: 100_000 });
      return res.results.map((m) => ({ entityType: m.entityType, field: m.field }));
    } catch (err) {
      if ((err as { cause?: { code?: string } }).cause?.code === 'index_not_found') return [];
      throw err;
    }
  }

  /** The recorded fields by entity type, sorted. */
  async byEntityType(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const m of await this.pairs()) (out[m.entityType] ??= []).push(m.field);
    for (const list of Object.values(out)) list.sort();
    return out;
  }

  /**
   * Makes structured-property fields sortable, in the background. Meilisearch reindexes the whole index
   * for a change of sortable attributes (about 10 s per 5,000 documents here) and holds the writes queued
   * behind it, so a field becomes sortable only once a search sorts on it, not when it is first written.
   */
  makeSortable(names: readonly string[]): void {
    const fresh = names.map(attr).filter((a) => !this.sortableNow.has(a));
    if (!fresh.length) return;
    for (const a of fresh) this.sortableNow.add(a);
    this.sortableUpdate = this.sortableUpdate
      .then(() => applySettings(this.index, { sortableAttributes: [...this.sortableNow].sort() }))
      .catch(() => fresh.forEach((a) => this.sortableNow.delete(a)));
  }

  /** Forgets the fields no document holds a value of any more; the sortable attributes follow. */
  async dropUnused(): Promise<Pair[]> {
    const dropped: Pair[] = [];
    for (const m of await this.pairs()) {
      const res = await this.index.search('', {
        filter: `entityType = ${literal(m.entityType)} AND ${attr(m.field)} EXISTS AND ${attr(m.field)} IS NOT EMPTY`,
        limit: 0,
      });
      if ((res.estimatedTotalHits ?? 0) > 0) continue;
      check(await this.mappingIndex.deleteDocument(pairId(m)).waitTask({ timeout: 300_000 }));
      dropped.push(m);
    }
    if (dropped.length) {
      this.known = undefined;
      await this.applySortable();
    }
    return dropped;
  }

  /** The sortable attributes: the index fields and the structured-property fields still mapped. */
  private async applySortable(): Promise<void> {
    const mapped = new Set((await this.pairs()).map((m) => attr(m.field)));
    const keep = [...this.sortableNow].filter(
      (a) => !a.startsWith('f_structuredProperties') || mapped.has(a),
    );
    this.sortableNow = new Set([...sortable(this.fields, []), ...keep]);
    await applySettings(this.index, { sortableAttributes: [...this.sortableNow].sort() });
  }
}
