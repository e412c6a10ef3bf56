import { parseDefaulted, wireText, type Registry } from '../../registry/index.js';
import type { LoggedChange } from '../../store/index.js';
import { changeEvents } from '../changes/index.js';

/** The topics of DataHub's Events API that neohub serves. */
export const EVENT_TOPICS = [
  'MetadataChangeLog_Versioned_v1',
  'MetadataChangeLog_Timeseries_v1',
  'PlatformEvent_v1',
] as const;
export type EventTopic = (typeof EVENT_TOPICS)[number];

const JSON_TYPE = 'application/json';

/** The kinds whose creation and hard deletion DataHub announces (LIFECYCLE events of the key aspect). */
const LIFECYCLE_KINDS: ReadonlySet<string> = new Set([
  'dataset',
  'dashboard',
  'chart',
  'container',
  'dataFlow',
  'dataJob',
  'glossaryTerm',
  'domain',
  'tag',
  'businessAttribute',
]);

/** One event as the Events API carries it: a record serialized to a JSON string. */
export interface ExternalEvent {
  readonly contentType: typeof JSON_TYPE;
  readonly value: string;
}

const external = (record: unknown): ExternalEvent => ({
  contentType: JSON_TYPE,
  value: JSON.stringify(record),
});
const parsed = (json: string | null): Record<string, unknown> | undefined => {
  if (json === null) return undefined;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * What each topic makes of the change log: which entries it carries, and the events of each. Entries of
 * Admin-only kinds (tokens, secrets, policies...) and of aspects holding secrets make none.
 */
export class EventRecords {
  constructor(private readonly registry: Registry) {}

  /** The events of one change-log entry on `topic` (none when the topic does not carry it). */
  eventsOf(topic: EventTopic, e: LoggedChange): ExternalEvent[] {
    return this.recordsOf(topic, e).map(external);
  }

  /**
   * The records of one change-log entry on `topic`, as objects (aspect values and event payloads as JSON
   * text): what the Events API serializes, and what the Kafka publisher encodes in Avro.
   */
  recordsOf(topic: EventTopic, e: LoggedChange): Record<string, unknown>[] {
    if (e.aspect === null || this.hidden(e)) return [];
    const timeseries = this.registry.findAspect(e.aspect)?.timeseries === true;
    if (topic === 'MetadataChangeLog_Timeseries_v1')
      return timeseries && e.changeType === 'UPSERT' ? [this.mcl(e)] : [];
    if (timeseries) return [];
    if (topic === 'MetadataChangeLog_Versioned_v1') return [this.mcl(e)];
    return this.changeEvents(e);
  }

  private hidden(e: LoggedChange): boolean {
    const entity = this.registry.findEntity(e.entityType);
    if (!entity || entity.adminOnly) return true;
    return (this.registry.findAspect(e.aspect ?? '')?.secretPaths?.length ?? 0) > 0;
  }

  /**
   * DataHub's MetadataChangeLog record of an entry: aspects serialized as answers write them (doubles
   * as doubles, without the defaults validation filled: `wireText`), system metadata as objects.
   */
  private mcl(e: LoggedChange): Record<string, unknown> {
    const name = e.aspect ?? '';
    const aspect = (v: string | null, defaulted: string | null | undefined) =>
      v === null
        ? undefined
        : { value: wireText(this.registry, name, v, parseDefaulted(defaulted)), contentType: JSON_TYPE };
    const out: Record<string, unknown> = {
      entityType: e.entityType,
      entityUrn: e.urn,
      changeType: e.changeType,
      aspectName: e.aspect,
      aspect: e.changeType === 'DELETE' ? undefined : aspect(e.newValue, e.defaulted),
      systemMetadata: parsed(e.systemMetadata),
      previousAspectValue: aspect(e.previousValue, e.previousDefaulted),
      previousSystemMetadata: parsed(e.previousSystemMetadata),
      created: { time: e.created.time, actor: e.created.actor },
    };
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
  }

  /** The platform events of an entry: one `entityChangeEvent` per change event its generator finds. */
  private changeEvents(e: LoggedChange): Record<string, unknown>[] {
    const entity = this.registry.findEntity(e.entityType);
    if (!entity || e.aspect === null) return [];
    const key = this.registry.keyAspectOf(entity).name;
    if (e.aspect === key && !LIFECYCLE_KINDS.has(entity.name)) return [];
    const cur = e.changeType === 'DELETE' ? undefined : parsed(e.newValue);
    return changeEvents(e.aspect, key, parsed(e.previousValue), cur, e.urn).map((c) => {
      // A schema field's events name the field: its kind is the field's, as the URN says.
      const kind = this.registry.entityOfUrnType(c.entityUrn.split(':')[2] ?? '')?.name ?? e.entityType;
      const ece = {
        entityType: kind,
        entityUrn: c.entityUrn,
        category: c.category,
        operation: c.operation,
        ...(c.modifier !== undefined ? { modifier: c.modifier } : {}),
        ...(c.parameters !== undefined ? { parameters: c.parameters } : {}),
        auditStamp: { time: e.created.time, actor: e.created.actor },
        version: 0,
      };
      return {
        header: { timestampMillis: e.created.time },
        name: 'entityChangeEvent',
        payload: external(ece),
      };
    });
  }
}
