import { ValidationError } from '../errors/index.js';
import { timeProblem } from '../registry/index.js';
import type { AuditStamp } from '../store/index.js';
import { SYSTEM_ACTOR, type Proposal, type WriteContext } from './proposal.js';

/** The types of SystemMetadata's fields (DataHub's record); other fields are kept as sent. */
const SYSTEM_METADATA_FIELDS: Record<string, 'number' | 'string' | 'object'> = {
  lastObserved: 'number',
  runId: 'string',
  lastRunId: 'string',
  pipelineName: 'string',
  registryName: 'string',
  registryVersion: 'string',
  version: 'string',
  properties: 'object',
  aspectCreated: 'object',
  aspectModified: 'object',
};

/** Run ids are indexed with the URN (runs, rollback), so their length is bounded. */
export const MAX_RUN_ID_LENGTH = 512;

/**
 * The system metadata a write stores: what the writer sent, checked, with what DataHub's service records
 * of every write: the trace it was made under and the interface it came through
 * (`properties.telemetryTraceId`, `properties.eventSource`), who modified the aspect and when
 * (`aspectModified`, for every actor but the system, as DataHub leaves its own writes out of it; the
 * store derives `aspectCreated` from it), when it was observed and by which run.
 */
export function systemMetadataOf(
  sm: Proposal['systemMetadata'],
  created: AuditStamp,
  trace?: Pick<WriteContext, 'traceId' | 'source'>,
): string {
  if (sm !== undefined && sm !== null && (typeof sm !== 'object' || Array.isArray(sm)))
    throw new ValidationError('systemMetadata must be an object', [
      { path: '/systemMetadata', message: 'not an object' },
    ]);
  // Null-valued fields are absent fields (DataHub never answers with nulls).
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(sm ?? {}).filter(([, v]) => v !== null && v !== undefined),
  );
  for (const [field, type] of Object.entries(SYSTEM_METADATA_FIELDS)) {
    const v = out[field];
    if (v === undefined || v === null) continue;
    const ok = type === 'object' ? typeof v === 'object' && !Array.isArray(v) : typeof v === type;
    if (!ok)
      throw new ValidationError(`systemMetadata.${field} must be a ${type}`, [
        { path: `/systemMetadata/${field}`, message: `expected ${type}` },
      ]);
  }
  if (out.lastObserved !== undefined) {
    const problem = timeProblem(out.lastObserved);
    if (problem)
      throw new ValidationError(`systemMetadata.lastObserved: ${problem}`, [
        { path: '/systemMetadata/lastObserved', message: problem },
      ]);
  }
  for (const stamp of ['aspectCreated', 'aspectModified']) {
    const v = out[stamp] as Record<string, unknown> | undefined;
    if (v === undefined) continue;
    const known = ['time', 'actor', 'impersonator', 'message'];
    const bad =
      timeProblem(v.time) !== undefined ||
      typeof v.actor !== 'string' ||
      (v.impersonator !== undefined && typeof v.impersonator !== 'string') ||
      (v.message !== undefined && typeof v.message !== 'string') ||
      Object.keys(v).some((k) => !known.includes(k));
    if (bad)
      throw new ValidationError(`systemMetadata.${stamp} must be an AuditStamp {time, actor}`, [
        { path: `/systemMetadata/${stamp}`, message: 'expected an AuditStamp' },
      ]);
  }
  if (out.properties && Object.values(out.properties as object).some((v) => typeof v !== 'string'))
    throw new ValidationError('systemMetadata.properties must map names to strings', [
      { path: '/systemMetadata/properties', message: 'expected a map of strings' },
    ]);
  for (const field of ['runId', 'lastRunId'])
    if (typeof out[field] === 'string' && (out[field] as string).length > MAX_RUN_ID_LENGTH)
      throw new ValidationError(`systemMetadata.${field} is longer than ${MAX_RUN_ID_LENGTH} characters`, [
        { path: `/systemMetadata/${field}`, message: `at most ${MAX_RUN_ID_LENGTH} characters` },
      ]);
  if (trace?.traceId)
    out.properties = { ...(out.properties as object | undefined), telemetryTraceId: trace.traceId };
  if (trace?.source)
    out.properties = { ...(out.properties as object | undefined), eventSource: trace.source };
  if (created.actor !== SYSTEM_ACTOR) out.aspectModified = { time: created.time, actor: created.actor };
  const now = created.time;
  if (typeof out.lastObserved !== 'number' || out.lastObserved === 0) out.lastObserved = now;
  if (typeof out.runId !== 'string' || !out.runId) out.runId = 'no-run-id-provided';
  return JSON.stringify(out);
}
