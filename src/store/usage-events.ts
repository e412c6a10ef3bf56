import { randomBytes } from 'node:crypto';
import type { Executor, Tx } from './executor.js';

/**
 * A usage event as stored (`(:UsageEvent)`): what a client reported through DataHub's tracking API
 * (someone viewed or searched something; `backend` false), or what neohub itself recorded outside the
 * change log (access tokens made and revoked, roles given, sign-ins; `backend` true). `json` is the
 * whole event (DataHub's raw usage event).
 */
export interface UsageEventRow {
  readonly type: string;
  readonly timestamp: number;
  readonly actorUrn: string;
  readonly backend: boolean;
  readonly entityUrn: string | null;
  readonly entityType: string | null;
  readonly aspectName: string | null;
  readonly json: string;
}

/** Where a page of audit events ends: the last event's time, source (0 change log, 1 usage event) and key. */
export interface AuditCursor {
  readonly t: number;
  readonly s: number;
  readonly k: string;
}

export interface AuditQuery {
  /** From this time (epoch millis, included) to `end` (excluded). */
  readonly start: number;
  readonly end: number;
  /** Each list empty: no condition on it. */
  readonly eventTypes: readonly string[];
  readonly entityTypes: readonly string[];
  readonly aspectNames: readonly string[];
  readonly actorUrns: readonly string[];
  /**
   * The event type of a change-log entry, by `<changeType>|<aspect>` (`UPSERT|dataHubPolicyKey`...);
   * others are `UpdateAspectEvent` (`DeleteEntityEvent` for a DELETE).
   */
  readonly changeEventTypes: Readonly<Record<string, string>>;
  readonly after?: AuditCursor | undefined;
  readonly limit: number;
  /** Counted up to this many. */
  readonly countUpTo: number;
}

/** One audit event as read: from the change log, or a usage event. */
export interface AuditRow {
  /** Its source (0 change log, 1 usage event) and key within it: with `timestamp`, its cursor. */
  readonly s: number;
  readonly k: string;
  readonly type: string;
  readonly timestamp: number;
  readonly actorUrn: string;
  readonly entityUrn: string | null;
  readonly entityType: string | null;
  readonly aspectName: string | null;
  /** The change-log entry's trace, or null. */
  readonly traceId: string | null;
  /** The change-log entry's system metadata (JSON), or null. */
  readonly systemMetadata: string | null;
  /** The usage event's JSON, or null for a change-log entry. */
  readonly json: string | null;
}

/**
 * The audit events of a window, from both sources at once: each entry of the change log (writes; its
 * transaction's time), and the usage events (`backend` ones always, clients' ones only when `eventTypes`
 * names their type), filtered, newest first (then change log before usage events, then newest entry).
 */
function auditCypher(mode: 'page' | 'count'): string {
  // One statement whatever the filters (an empty list: no condition), so that Neo4j plans it once.
  const after = `($after IS NULL OR ev.timestamp < $after.t OR (ev.timestamp = $after.t
      AND (ev.s > $after.s OR (ev.s = $after.s AND ev.k < $after.k))))`;
  const filters = [
    ['ev.type', '$eventTypes'],
    ['ev.entityType', '$entityTypes'],
    ['ev.aspectName', '$aspectNames'],
    ['ev.actorUrn', '$actorUrns'],
  ]
    .map(([field, list]) => `AND (size(${list}) = 0 OR ${field} IN ${list})`)
    .join(' ');
  // A page: each source's newest `limit` events, in the order of its time index (read backwards from `$until`,
  // sorting only the entries of one millisecond), then the newest `limit` of both: ordered by the events'
  // fields after the union, Neo4j unwound and sorted every change-log entry of the window (24 s a page at
  // 1,000,000 entities). A change-log entry's key is its entry number, `c.seq + i`: in `seq`, then `i`, order.
  const [logPage, eventPage] =
    mode === 'page'
      ? [
          'WITH c, i, ev ORDER BY c.loggedAt DESC, c.seq DESC, i DESC LIMIT $limit',
          'WITH e, ev ORDER BY e.timestamp DESC, e.id DESC LIMIT $limit',
        ]
      : ['', ''];
  const union = `CALL {
      MATCH (c:ChangeLog) WHERE c.loggedAt >= $start AND c.loggedAt < $until
        AND (size($actorUrns) = 0 OR any(a IN coalesce(c.createdActors, [c.createdActor]) WHERE a IN $actorUrns))
        AND (size($entityTypes) = 0 OR any(t IN coalesce(c.entityTypes, [c.entityType]) WHERE t IN $entityTypes))
        AND (size($aspectNames) = 0 OR any(a IN coalesce(c.aspects, [c.aspect]) WHERE a IN $aspectNames))
      WITH c, coalesce(c.urns, [c.urn]) AS urns
      UNWIND range(0, size(urns) - 1) AS i
      WITH c, i, urns[i] AS urn, coalesce(c.aspects, [c.aspect])[i] AS aspect,
           coalesce(c.changeTypes, [c.changeType])[i] AS ct
      WITH c, i, urn, CASE aspect WHEN '' THEN null ELSE aspect END AS aspect, ct
      WITH c, i, {timestamp: c.loggedAt, s: 0, k: right('000000000000000' + toString(c.seq + i), 16),
              type: coalesce($changeEventTypes[ct + '|' + coalesce(aspect, '')],
                             CASE ct WHEN 'DELETE' THEN 'DeleteEntityEvent' ELSE 'UpdateAspectEvent' END),
              actorUrn: coalesce(c.createdActors, [c.createdActor])[i], entityUrn: urn,
              entityType: coalesce(c.entityTypes, [c.entityType])[i], aspectName: aspect, n: c, i: i} AS ev
      WHERE ${after} ${filters}
      ${logPage}
      RETURN ev
      UNION ALL
      MATCH (e:UsageEvent) WHERE e.timestamp >= $start AND e.timestamp < $until
        AND (e.backend OR e.type IN $eventTypes) AND (size($actorUrns) = 0 OR e.actorUrn IN $actorUrns)
      WITH e, {timestamp: e.timestamp, s: 1, k: e.id, type: e.type, actorUrn: e.actorUrn, entityUrn: e.entityUrn,
              entityType: e.entityType, aspectName: e.aspectName, n: e, i: 0} AS ev
      WHERE ${after} ${filters}
      ${eventPage}
      RETURN ev
    }`;
  return mode === 'count'
    ? `${union} WITH ev LIMIT $countUpTo RETURN count(ev) AS total`
    : `${union} WITH ev ORDER BY ev.timestamp DESC, ev.s ASC, ev.k DESC LIMIT $limit
       WITH ev, ev.n AS n,
            CASE ev.s WHEN 0 THEN coalesce(ev.n.systemMetadatas, [ev.n.systemMetadata])[ev.i] END AS sm
       RETURN {timestamp: ev.timestamp, s: ev.s, k: ev.k, type: ev.type, actorUrn: ev.actorUrn,
               entityUrn: ev.entityUrn, entityType: ev.entityType, aspectName: ev.aspectName,
               traceId: CASE ev.s WHEN 0 THEN n.traceId END,
               systemMetadata: CASE sm WHEN '' THEN null ELSE sm END,
               json: CASE ev.s WHEN 1 THEN n.json END} AS row
       ORDER BY row.timestamp DESC, row.s ASC, row.k DESC`;
}

const PAGE = auditCypher('page');
const COUNT = auditCypher('count');

function params(q: AuditQuery): Record<string, unknown> {
  return {
    start: q.start,
    end: q.end,
    // Where the window's time index is read from: nothing after the cursor's time (an integer) is read.
    until: q.after ? Math.min(q.end, q.after.t + 1) : q.end,
    after: q.after ?? null,
    eventTypes: q.eventTypes,
    entityTypes: q.entityTypes,
    aspectNames: q.aspectNames,
    actorUrns: q.actorUrns,
    changeEventTypes: q.changeEventTypes,
    limit: q.limit,
    countUpTo: q.countUpTo,
  };
}

/** A page of audit events (newest first) and how many match in all (counted up to `countUpTo`). */
export async function readAudit(tx: Tx, q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const page = await tx.run<{ row: AuditRow }>(PAGE, params(q));
  const count = await tx.run<{ total: number }>(COUNT, params(q));
  return {
    rows: page.records.map((r) => r.get('row')),
    total: count.records[0]?.get('total') ?? 0,
  };
}

/** Usage events (`(:UsageEvent)`), and the audit search over them and the change log. */
export class UsageEventStore {
  private recorded = 0;

  constructor(private readonly exec: Executor) {}

  /**
   * Stores events (one transaction), each with an id that orders the events of one process as they were
   * recorded (the audit's tie-break within a millisecond), unique across processes.
   */
  async record(events: readonly UsageEventRow[]): Promise<void> {
    if (!events.length) return;
    const rows = events.map((e) => ({
      ...e,
      id: `${String(e.timestamp).padStart(15, '0')}-${String(++this.recorded).padStart(12, '0')}-${randomBytes(6).toString('hex')}`,
    }));
    await this.exec.write(async (tx: Tx) => {
      await tx.run('UNWIND $rows AS ev CREATE (e:UsageEvent) SET e = ev', { rows });
    });
  }

  /** A page of audit events (newest first) and how many match in all (counted up to `countUpTo`). */
  async audit(q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
    return this.exec.read((tx) => readAudit(tx, q));
  }
}
