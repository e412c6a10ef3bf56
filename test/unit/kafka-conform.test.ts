import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { conform, groupIntoRequests } from '../../src/kafka/index.js';
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

describe('change-log records grouped into produce requests', () => {
  const message = (bytes: number, i: number) => ({
    topic: 't',
    key: Buffer.from(`k${i}`),
    value: Buffer.alloc(bytes),
  });

  it('keeps the order and stays under a broker’s default 1 MiB per request, or under a smaller limit', () => {
    const messages = Array.from({ length: 30 }, (_, i) => message(100_000, i));
    const parts = groupIntoRequests(messages, 5_242_880);
    expect(parts.flat()).toEqual(messages);
    expect(parts.map((p) => p.length)).toEqual([10, 10, 10]);
    expect(groupIntoRequests(messages, 250_000).map((p) => p.length)).toEqual(Array(15).fill(2));
  });

  it('sends a record larger than a request alone, between the others', () => {
    const messages = [message(10, 0), message(2_000_000, 1), message(10, 2)];
    expect(groupIntoRequests(messages, 5_242_880).map((p) => p.map((m) => m.key.toString()))).toEqual([
      ['k0'],
      ['k1'],
      ['k2'],
    ]);
  });
});
