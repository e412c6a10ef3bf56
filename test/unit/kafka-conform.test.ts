import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { conform } from '../../src/kafka/index.js';
import { WIRE_SCHEMAS } from '../../src/registry/index.js';

const mcl = avro.Type.forSchema(WIRE_SCHEMAS.MetadataChangeLog as avro.Schema);
const pe = avro.Type.forSchema(WIRE_SCHEMAS.PlatformEvent as avro.Schema);
const roundTrip = (type: avro.Type, record: unknown): Record<string, unknown> =>
  type.fromBuffer(type.toBuffer(conform(type, record))) as Record<string, unknown>;
const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,conform,PROD)';

describe("records fitted to DataHub's writer schemas", () => {
  it('writes a change-log record as the Events API carries it in MetadataChangeLog', () => {
    const back = roundTrip(mcl, {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { value: '{"removed":false}', contentType: 'application/json' },
      // A property the schema lacks, a map value in another type, and a field of another shape.
      systemMetadata: { lastObserved: 7, runId: 'run-1', properties: { n: 1 }, extra: 'x', version: 3 },
      previousAspectValue: { value: '{"removed":true}', contentType: 'application/json' },
      created: { time: 5, actor: 'urn:li:corpuser:datahub' },
    });
    expect(back).toMatchObject({ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT' });
    expect(String((back.aspect as { value: Buffer }).value)).toBe('{"removed":false}');
    expect(String((back.previousAspectValue as { value: Buffer }).value)).toBe('{"removed":true}');
    expect(back.systemMetadata).toMatchObject({
      lastObserved: 7,
      runId: 'run-1',
      properties: { n: '1' },
      version: '3',
    });
    expect(back.systemMetadata).not.toHaveProperty('extra');
    expect(back).toMatchObject({ auditHeader: null, entityKeyAspect: null, previousSystemMetadata: null });
    expect(back.created).toMatchObject({ time: 5, actor: 'urn:li:corpuser:datahub' });
  });

  it('writes a deletion without an aspect', () => {
    const back = roundTrip(mcl, {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'DELETE',
      aspectName: 'status',
      created: { time: 5, actor: 'urn:li:corpuser:datahub' },
    });
    expect(back).toMatchObject({ changeType: 'DELETE', aspect: null });
  });

  it('writes an entity change event as a PlatformEvent with its JSON payload', () => {
    const ece = { entityUrn: urn, category: 'TAG', operation: 'ADD', modifier: 'urn:li:tag:t' };
    const back = roundTrip(pe, {
      header: { timestampMillis: 9 },
      name: 'entityChangeEvent',
      payload: { contentType: 'application/json', value: JSON.stringify(ece) },
    });
    expect(back).toMatchObject({ header: { timestampMillis: 9 }, name: 'entityChangeEvent' });
    expect(JSON.parse(String((back.payload as { value: Buffer }).value))).toEqual(ece);
  });
});
