import type { ParamName } from '../../src/services/index.js';

/**
 * The query parameters of the OpenAPI routes, with their defaults: the one source of what a route reads
 * when a parameter is absent (`params.ts`) and of what the OpenAPI document says it does (`document/`).
 * Descriptions that depend on the route stay in the document.
 */
export interface FlagParam {
  readonly name: string;
  readonly default: boolean;
}
export interface IntParam {
  readonly name: ParamName;
  readonly default: number;
  /** Larger values are read as this (DataHub clamps some page sizes). */
  readonly cap?: number;
}
export interface TextParam {
  readonly name: string;
  readonly default?: string;
}

const flag = (name: string, dflt: boolean): FlagParam => ({ name, default: dflt });
const int = (name: ParamName, dflt: number, cap?: number): IntParam =>
  cap === undefined ? { name, default: dflt } : { name, default: dflt, cap };
function text(name: string): TextParam;
function text(name: string, dflt: string): TextParam & { readonly default: string };
function text(name: string, dflt?: string): TextParam {
  return dflt === undefined ? { name } : { name, default: dflt };
}

export const Q = Object.freeze({
  systemMetadata: flag('systemMetadata', false),
  includeSoftDelete: flag('includeSoftDelete', false),
  /** A write of a list (v2/v3 upserts, v3 patches, the generic writes) answers 202 at once by default. */
  asyncList: flag('async', true),
  /** A write of one aspect answers with what was stored by default. */
  asyncOne: flag('async', false),
  createIfEntityNotExists: flag('createIfEntityNotExists', false),
  /** v2 upserts an aspect by default, v3 creates it. */
  createIfNotExistsV2: flag('createIfNotExists', false),
  createIfNotExistsV3: flag('createIfNotExists', true),
  clear: flag('clear', false),
  onlyIncludeErrors: flag('onlyIncludeErrors', true),
  /** The timeline: each transaction with its JSON Patch (`rawDiff`). */
  raw: flag('raw', false),
  detailed: flag('detailed', false),
  skipCache: flag('skipCache', false),
  /** A scroll's page: DataHub clamps `count` to its search maximum. */
  count: int('count', 10, 10_000),
  version: int('version', 0),
  start: int('start', 0),
  /** The timeline's window: -1 is a week before its end, 0 is now (DataHub's defaults). */
  startTime: int('startTime', -1),
  endTime: int('endTime', 0),
  entitySpecCount: int('count', 5, 1000),
  aspectSpecCount: int('count', 20, 1000),
  /** The events API: DataHub's defaults, and its caps (larger values are read as the cap). */
  eventsLimit: int('limit', 100, 5000),
  pollTimeoutSeconds: int('pollTimeoutSeconds', 10, 60),
  /** Proposal ingest (`/openapi/v2/platform/entities/v1/`): synchronous unless asked (DataHub's default). */
  asyncPlatform: flag('async', false),
  /**
   * The audit search: DataHub's page (10; larger than its search's 10,000 read as that), its window (-1:
   * a day before the end; -1: now) and raw events.
   */
  auditSize: int('size', 10, 10_000),
  auditStartTime: int('startTime', -1),
  auditEndTime: int('endTime', -1),
  includeRaw: flag('includeRaw', true),
  topic: text('topic'),
  offsetId: text('offsetId'),
  scrollId: text('scrollId'),
  query: text('query', '*'),
  sort: text('sort', 'urn'),
  sortOrder: text('sortOrder', 'ASCENDING'),
  direction: text('direction', 'OUTGOING'),
});
