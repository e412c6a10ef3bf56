/**
 * The schema registry (issue 42, item 1): Confluent's API at `/schema-registry/api/` and under `/gms`, as
 * DataHub's Kafka clients call it, without authentication (auth is on here), keeping what is registered:
 * the same schema answers the same id, a subject's versions, lookups, Confluent's error shape.
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer } from '../support/auth.js';
import { request } from '../support/http.js';
import { unique } from '../support/runtime.js';

let rt: Runtime;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' }, (r) => {
  rt = r;
});

const MEDIA = 'application/vnd.schemaregistry.v1+json';
const api = (path: string, prefix = ''): string => `${rt.url}${prefix}/schema-registry/api${path}`;
/** A request as confluent-kafka's client makes it: no token, Confluent's media type. */
const call = (method: string, path: string, body?: unknown, prefix = '') =>
  request(method, api(path, prefix), {
    ...(body === undefined ? {} : { body }),
    headers: { 'Content-Type': MEDIA, Accept: MEDIA },
  });

/** An Avro record schema of its own (ids are global: each test registers schemas no other test has). */
const record = (name: string, fields = [{ name: 'urn', type: 'string' }]): string =>
  JSON.stringify({ type: 'record', name, namespace: 'test.neohub', fields });

describe('schema registry', () => {
  it('answers readiness, its configuration and types without a token', async () => {
    const ready = await call('GET', '/');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({});
    expect(ready.headers.get('content-type')).toContain(MEDIA);
    expect((await call('GET', '/config')).body).toEqual({ compatibilityLevel: 'NONE' });
    expect((await call('GET', '/schemas/types')).body).toEqual(['AVRO']);
    expect((await call('GET', '/', undefined, '/gms')).status).toBe(200);
    // No subject is associated with a topic: the client then names it after the topic.
    const associations = await call(
      'GET',
      '/associations/resources/-/MetadataChangeProposal_v1?resourceType=topic',
    );
    expect(associations.status).toBe(200);
    expect(associations.body).toEqual([]);
  });

  it('registers a schema, answers the same id for the same schema, and serves it by id', async () => {
    const subject = `T${unique()}-value`;
    const schema = record(`R${unique()}`);
    const first = await call('POST', `/subjects/${subject}/versions`, { schema });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ id: expect.any(Number) });
    const id = first.body.id as number;
    // Again, with other whitespace and under /gms: the same id, no new version.
    const spaced = JSON.stringify(JSON.parse(schema), null, 2);
    const again = await call('POST', `/subjects/${subject}/versions`, { schema: spaced }, '/gms');
    expect(again.body).toEqual({ id });
    expect((await call('GET', `/subjects/${subject}/versions`)).body).toEqual([1]);
    // Another subject with the same schema: the same id, that subject's version 1.
    const other = `T${unique()}-value`;
    expect((await call('POST', `/subjects/${other}/versions`, { schema, schemaType: 'AVRO' })).body).toEqual({
      id,
    });
    const byId = await call('GET', `/schemas/ids/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ schema });
    const subjects = (await call('GET', '/subjects')).body as string[];
    expect(subjects).toEqual(expect.arrayContaining([subject, other]));
  });

  it("keeps a subject's versions in order, latest and by number, and looks a schema up", async () => {
    const subject = `T${unique()}-value`;
    const v1 = record(`R${unique()}`);
    const v2 = record(`R${unique()}`, [
      { name: 'urn', type: 'string' },
      { name: 'n', type: 'int' },
    ]);
    const id1 = (await call('POST', `/subjects/${subject}/versions`, { schema: v1 })).body.id as number;
    const id2 = (await call('POST', `/subjects/${subject}/versions`, { schema: v2 })).body.id as number;
    expect(id2).not.toBe(id1);
    expect((await call('GET', `/subjects/${subject}/versions`)).body).toEqual([1, 2]);
    expect((await call('GET', `/subjects/${subject}/versions/latest`)).body).toEqual({
      subject,
      version: 2,
      id: id2,
      schema: v2,
    });
    expect((await call('GET', `/subjects/${subject}/versions/1`)).body).toMatchObject({
      version: 1,
      id: id1,
    });
    expect((await call('GET', `/subjects/${subject}/versions/-1`)).body).toMatchObject({ version: 2 });
    const found = await call('POST', `/subjects/${subject}`, { schema: v1 });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ subject, version: 1, id: id1, schema: v1 });
  });

  it("refuses bad input in Confluent's error shape", async () => {
    const subject = `T${unique()}-value`;
    const invalid = await call('POST', `/subjects/${subject}/versions`, { schema: '{"type": "recrd"}' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ error_code: 42201, message: expect.stringContaining('Invalid schema') });
    expect(
      (await call('POST', `/subjects/${subject}/versions`, { schema: 'not json' })).body.error_code,
    ).toBe(42201);
    expect((await call('POST', `/subjects/${subject}/versions`, {})).body.error_code).toBe(42201);
    const proto = await call('POST', `/subjects/${subject}/versions`, {
      schema: 'syntax = "proto3";',
      schemaType: 'PROTOBUF',
    });
    expect(proto.status).toBe(422);
    expect(proto.body.message).toContain('PROTOBUF');
    const malformed = await call('POST', `/subjects/${subject}/versions`, '{"schema": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_code).toBe(40000);

    const noSubject = await call('GET', `/subjects/${subject}/versions`);
    expect(noSubject.status).toBe(404);
    expect(noSubject.body).toEqual({ error_code: 40401, message: `Subject '${subject}' not found.` });
    expect((await call('GET', `/subjects/${subject}/versions/latest`)).body.error_code).toBe(40401);
    expect(
      (await call('POST', `/subjects/${subject}`, { schema: record(`R${unique()}`) })).body.error_code,
    ).toBe(40401);
    await call('POST', `/subjects/${subject}/versions`, { schema: record(`R${unique()}`) });
    expect((await call('GET', `/subjects/${subject}/versions/7`)).body.error_code).toBe(40402);
    expect(
      (await call('POST', `/subjects/${subject}`, { schema: record(`R${unique()}`) })).body.error_code,
    ).toBe(40403);
    const badVersion = await call('GET', `/subjects/${subject}/versions/first`);
    expect(badVersion.status).toBe(422);
    expect(badVersion.body.error_code).toBe(42202);
    const noId = await call('GET', '/schemas/ids/999999999');
    expect(noId.status).toBe(404);
    expect(noId.body.error_code).toBe(40403);
    expect((await call('GET', '/schemas/ids/abc')).body.error_code).toBe(40403);
  });

  it('caps the size of a registration', async () => {
    const huge = {
      schema: JSON.stringify({ type: 'enum', name: 'E', symbols: [], doc: 'x'.repeat(5_000_000) }),
    };
    const res = await call('POST', `/subjects/T${unique()}-value/versions`, huge);
    expect(res.status).toBe(413);
    expect(res.body.error_code).toBe(41300);
  });
});
