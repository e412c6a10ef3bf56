import { BadRequestError } from '../errors/index.js';
import { isJsonObject, type Json } from '../json/index.js';
import type { Registry } from '../registry/index.js';
import type { AuditCursor, AuditRow, UsageEventRow, UsageEventStore } from '../store/index.js';

/** Largest tracking event accepted (its JSON), so that the event store holds events, not documents. */
export const MAX_TRACKING_EVENT_CHARS = 64 * 1024;
/** The audit search counts matches up to this many, as DataHub's does. */
const COUNT_UP_TO = 10_000;
const DAY_MS = 24 * 3600 * 1000;

/** DataHub's audit search: its filters (body) and paging (query). */
export interface AuditSearch {
  readonly eventTypes?: readonly string[];
  readonly entityTypes?: readonly string[];
  readonly aspectTypes?: readonly string[];
  readonly actorUrns?: readonly string[];
  /** -1: a day before the end. */
  readonly startTime: number;
  /** -1 or 0: now. */
  readonly endTime: number;
  readonly size: number;
  readonly scrollId?: string | undefined;
  readonly includeRaw: boolean;
}

/** One audit event as DataHub's search answers it. */
export type UsageEventResult = Record<string, Json>;

export interface AuditSearchResult {
  readonly nextScrollId?: string;
  readonly count: number;
  readonly total: number;
  readonly usageEvents: UsageEventResult[];
}

/**
 * The event type DataHub's audit gives a write of these aspects (its MCL-to-usage-event mapping); any
 * other write is an UpdateAspectEvent, any other delete a DeleteEntityEvent.
 */
const WRITE_EVENT_TYPES: Readonly<Record<string, string>> = {
  'UPSERT|dataHubAccessTokenKey': 'CreateAccessTokenEvent',
  'UPSERT|dataHubIngestionSourceKey': 'CreateIngestionSourceEvent',
  'UPSERT|dataHubIngestionSourceInfo': 'UpdateIngestionSourceEvent',
  'UPSERT|dataHubPolicyKey': 'CreatePolicyEvent',
  'UPSERT|dataHubPolicyInfo': 'UpdatePolicyEvent',
  'UPSERT|corpUserKey': 'CreateUserEvent',
  ...Object.fromEntries(
    [
      'corpUserCredentials',
      'corpUserEditableInfo',
      'corpUserInfo',
      'corpUserSettings',
      'corpUserStatus',
      'groupMembership',
      'roleMembership',
      'nativeGroupMembership',
    ].map((a) => [`UPSERT|${a}`, 'UpdateUserEvent']),
  ),
  'DELETE|dataHubAccessTokenKey': 'RevokeAccessTokenEvent',
  'DELETE|dataHubPolicyKey': 'DeletePolicyEvent',
};

/** The fields of a stored event that DataHub's result lifts out of its raw event as they are. */
const LIFTED = ['sourceIP', 'userAgent'] as const;
/** DataHub's LoginSource values (raw) and the enum names its result gives them. */
const LOGIN_SOURCES: Readonly<Record<string, string>> = {
  passwordReset: 'PASSWORD_RESET',
  passwordLogin: 'PASSWORD_LOGIN',
  fallbackLogin: 'FALLBACK_LOGIN',
  signUpLinkLogin: 'SIGN_UP_LINK_LOGIN',
  guestLogin: 'GUEST_LOGIN',
  ssoLogin: 'SSO_LOGIN',
};
const EVENT_SOURCES = new Set(['RESTLI', 'OPENAPI', 'GRAPHQL']);

/**
 * Usage tracking and the audit log (DataHub's `/openapi/v1/tracking/track` and
 * `/openapi/v1/events/audit/search`; docs/decisions/0060). Clients' tracking events (who viewed or
 * searched what) are stored as usage events, with the caller as their actor and the server's time. The
 * audit search answers from what neohub records: every write from the change log (while it keeps it),
 * and the backend usage events (tokens made and revoked, roles given, sign-ins); clients' tracking
 * events only when `eventTypes` names their type (DataHub's search leaves them out).
 */
export class AuditService {
  constructor(
    private readonly registry: Registry,
    private readonly store: UsageEventStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores one tracking event of the caller (`actor`); 400 without a `type`. */
  async track(event: unknown, actor: string): Promise<void> {
    if (!isJsonObject(event)) throw new BadRequestError('A tracking event must be a JSON object');
    const type = event.type;
    if (typeof type !== 'string' || !type.trim())
      throw new BadRequestError('Invalid tracking request: missing event type');
    if (type.length > 200) throw new BadRequestError('The event type is longer than 200 characters');
    const timestamp = this.now();
    // Who and when are the server's; a client's event is never a backend one, whatever it claims.
    const raw: Record<string, Json> = { ...event, type, actorUrn: actor, timestamp };
    delete raw.usageSource;
    const json = JSON.stringify(raw);
    if (json.length > MAX_TRACKING_EVENT_CHARS)
      throw new BadRequestError(`A tracking event may hold at most ${MAX_TRACKING_EVENT_CHARS} characters`);
    const text = (v: Json | undefined): string | null => (typeof v === 'string' && v ? v : null);
    const row: UsageEventRow = {
      type,
      timestamp,
      actorUrn: actor,
      backend: false,
      entityUrn: text(event.entityUrn),
      entityType: text(event.entityType),
      aspectName: text(event.aspectName),
      json,
    };
    await this.store.record([row]);
  }

  /** DataHub's audit search: newest first, `size` at a time, with a scroll id while more remain. */
  async search(q: AuditSearch): Promise<AuditSearchResult> {
    if (!Number.isInteger(q.size) || q.size < 0 || q.size > COUNT_UP_TO)
      throw new BadRequestError(`size must be an integer from 0 to ${COUNT_UP_TO}, got ${q.size}`);
    const now = this.now();
    const end = q.endTime <= 0 ? now : q.endTime;
    const start = q.startTime < 0 ? now - DAY_MS : q.startTime;
    const { rows, total } = await this.store.audit({
      start,
      end,
      eventTypes: q.eventTypes ?? [],
      entityTypes: q.entityTypes ?? [],
      aspectNames: q.aspectTypes ?? [],
      actorUrns: q.actorUrns ?? [],
      changeEventTypes: WRITE_EVENT_TYPES,
      after: q.scrollId ? cursorOf(q.scrollId) : undefined,
      limit: q.size,
      countUpTo: COUNT_UP_TO,
    });
    const last = rows[rows.length - 1];
    return {
      ...(last && rows.length === q.size ? { nextScrollId: scrollIdOf(last) } : {}),
      count: rows.length,
      total,
      usageEvents: rows.map((r) => this.result(r, q.includeRaw)),
    };
  }

  private result(r: AuditRow, includeRaw: boolean): UsageEventResult {
    const stored = r.json === null ? undefined : (JSON.parse(r.json) as Record<string, Json>);
    const props = r.systemMetadata === null ? undefined : systemProperties(r.systemMetadata);
    const traceId =
      r.traceId ?? (typeof props?.telemetryTraceId === 'string' ? props.telemetryTraceId : null);
    const eventSource = typeof props?.eventSource === 'string' ? props.eventSource : undefined;
    const raw: Record<string, Json> = stored ?? {
      type: r.type,
      timestamp: r.timestamp,
      actorUrn: r.actorUrn,
      usageSource: 'backend',
      entityUrn: r.entityUrn,
      entityType: r.entityType,
      ...(r.aspectName ? { aspectName: r.aspectName } : {}),
      ...(traceId ? { traceId } : {}),
      ...(eventSource ? { eventSource } : {}),
    };
    const out: UsageEventResult = { eventType: r.type, timestamp: r.timestamp, actorUrn: r.actorUrn };
    for (const k of LIFTED) if (typeof raw[k] === 'string') out[k] = raw[k];
    const login =
      typeof raw.loginSource === 'string' && Object.hasOwn(LOGIN_SOURCES, raw.loginSource)
        ? LOGIN_SOURCES[raw.loginSource]
        : undefined;
    if (login) out.loginSource = login;
    const source = (
      eventSource ?? (typeof raw.eventSource === 'string' ? raw.eventSource : '')
    ).toUpperCase();
    if (EVENT_SOURCES.has(source)) out.eventSource = source;
    if (traceId) out.telemetryTraceId = traceId;
    if (r.entityUrn) {
      out.entityUrn = r.entityUrn;
      out.entityType =
        r.entityType ?? this.registry.entityOfUrnType(r.entityUrn.split(':')[2] ?? '')?.name ?? null;
      out.aspectName = r.aspectName;
    }
    if (includeRaw) out.rawUsageEvent = raw;
    return out;
  }
}

function systemProperties(json: string): Record<string, Json> | undefined {
  try {
    const sm = JSON.parse(json) as unknown;
    return isJsonObject(sm) && isJsonObject(sm.properties) ? sm.properties : undefined;
  } catch {
    return undefined;
  }
}

function scrollIdOf(r: AuditRow): string {
  return Buffer.from(JSON.stringify([r.timestamp, r.s, r.k])).toString('base64url');
}

function cursorOf(scrollId: string): AuditCursor {
  try {
    const v = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 3 &&
      Number.isSafeInteger(v[0]) &&
      (v[1] === 0 || v[1] === 1) &&
      typeof v[2] === 'string'
    )
      return { t: v[0] as number, s: v[1], k: v[2] };
  } catch {
    // refused below
  }
  throw new BadRequestError(`Invalid scrollId: ${scrollId.slice(0, 100)}`);
}
