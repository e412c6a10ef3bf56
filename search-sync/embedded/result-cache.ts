/**
 * Results of expensive whole-match computations (totals, facet counts) keyed by query, valid for one
 * version of the index: every write to the index bumps its version, so a cached value is never stale,
 * only reused while nothing changed (the idea of Elasticsearch's shard request cache). Least recently
 * used entries are dropped beyond `max`.
 */
export class ResultCache<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();

  constructor(private readonly max = 512) {}

  get(key: string, version: number): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== version) return undefined;
    this.entries.set(key, e);
    return e.value;
  }

  /** The value last stored for the key, of whatever version: a hint (e.g. for a query plan), never an answer. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, version: number, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}
