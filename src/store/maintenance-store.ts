import type { Executor } from './executor.js';
import { likeToRegex } from './like-pattern.js';
import {
  readRestoreUrns,
  readTimeseriesCounts,
  readTimeseriesSizes,
  readTimeseriesUrns,
} from './read-maintenance.js';

/** What the maintenance operations (restoreIndices, index sizes, time-series truncation) read. */
export class MaintenanceStore {
  constructor(private readonly exec: Executor) {}

  /** A page of entities to restore, in URN order: one URN, a DataHub `urnLike` pattern, or all. */
  restoreUrns(q: {
    urn?: string | undefined;
    urnLike?: string | undefined;
    aspect?: string | undefined;
    start: number;
    count: number;
  }): Promise<{ urn: string; entityType: string }[]> {
    const urnRegex = q.urnLike ? likeToRegex(q.urnLike) : undefined;
    return this.exec.read((tx) => readRestoreUrns(tx, { ...q, urnRegex }));
  }

  timeseriesSizes(): Promise<{ entityType: string; aspect: string; rows: number; bytes: number }[]> {
    return this.exec.read((tx) => readTimeseriesSizes(tx));
  }

  /** How many values a time-series aspect of an entity type holds, and how many at or before `end`. */
  timeseriesCounts(entityType: string, aspect: string, end: number): Promise<{ total: number; old: number }> {
    return this.exec.read((tx) => readTimeseriesCounts(tx, entityType, aspect, end));
  }

  /** Up to `limit` URNs with values of a time-series aspect at or before `end`. */
  timeseriesUrns(entityType: string, aspect: string, end: number, limit: number): Promise<string[]> {
    return this.exec.read((tx) => readTimeseriesUrns(tx, entityType, aspect, end, limit));
  }
}
