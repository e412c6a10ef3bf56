/**
 * The change-log publisher (issue 42, item 3), against the real Apache Kafka broker the test command starts:
 * writes reach DataHub's three topics as MetadataChangeLog records and `entityChangeEvent` platform events,
 * Avro in Confluent's framing with the writer schema registered under `<topic>-value`, keyed by the
 * entity's URN; a publisher started again resumes from its checkpoint (what was written while none ran is
 * published, in order); Admin-only kinds and secret aspects are never published.
 */
import { Consumer, MessagesStreamModes } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../src/auth/index.js';
import { AvroCodec } from '../../src/kafka/index.js';
import type { Runtime } from '../../src/runtime.js';
import { SYSTEM_ACTOR } from '../../src/services/proposal.js';
import { request } from '../support/http.js';
import { httpRegistry } from '../support/kafka/registry.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

const bootstrap = process.env.NEOHUB_TEST_KAFKA_BOOTSTRAP;
if (!bootstrap) throw new Error('Kafka tests need NEOHUB_TEST_KAFKA_BOOTSTRAP: run them through `npm test`.');

const id = unique();
const topics = { versioned: `mclv_${id}`, timeseries: `mclt_${id}`, platform: `pe_${id}` };
const env = {
  KAFKA_BOOTSTRAP_SERVER: bootstrap,
  METADATA_CHANGE_PROPOSAL_TOPIC_NAME: `mcp_${id}`,
  FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME: `fmcp_${id}`,
  METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME: topics.versioned,
  METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME: topics.timeseries,
  PLATFORM_EVENT_TOPIC_NAME: topics.platform,
  METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID: `neohub_${id}`,
};

let rt: Runtime;
let codec: AvroCodec;

beforeAll(async () => {
  rt = await startTestServer(env);
  codec = new AvroCodec(httpRegistry(() => rt.url));
});
afterAll(async () => {
  await rt?.stop();
});

async function write(r: Runtime, urn: string, aspect: string, value: unknown): Promise<void> {
  await asSystem(() => r.services.ingest.ingest([mcp(urn, aspect, value)], { actor: SYSTEM_ACTOR }));
}

interface Rec {
  readonly key: string;
  readonly partition: number;
  readonly offset: bigint;
  readonly value: Record<string, unknown>;
}

/** A topic's records from its start, decoded with their writer's schema, until `enough` says so (or 60 s: a publisher may first wait out a lease another neohub left). */
async function readUntil(topic: string, enough: (rs: Rec[]) => boolean): Promise<Rec[]> {
  const consumer = new Consumer({
    clientId: 'neohub-test',
    groupId: `read_${unique()}`,
    bootstrapBrokers: [bootstrap as string],
  });
  const stream = await consumer.consume({
    topics: [topic],
    mode: MessagesStreamModes.EARLIEST,
    autocommit: false,
    maxWaitTime: 200,
  });
  const out: Rec[] = [];
  const timer = setTimeout(() => void quietly(() => stream.close()), 60_000);
  try {
    for await (const m of stream) {
      const value = (await codec.decode(m.value)).value as Record<string, unknown>;
      out.push({ key: m.key.toString(), partition: m.partition, offset: m.offset, value });
      if (enough(out)) break;
    }
  } catch {
    // Closed at the time limit: the caller's assertions say what was missing.
  } finally {
    clearTimeout(timer);
    await quietly(() => stream.close());
    await quietly(() => new Promise<void>((resolve) => consumer.close(true, () => resolve())));
  }
  return out;
}

/** Runs `f`, ignoring its failure (closing what a time limit may have closed already). */
async function quietly(f: () => Promise<unknown>): Promise<void> {
  try {
    await f();
  } catch {
    // already closed
  }
}

const bytesJson = (v: unknown): Record<string, unknown> =>
  JSON.parse(Buffer.from(v as Buffer).toString('utf8')) as Record<string, unknown>;
const aspectOf = (r: Rec): Record<string, unknown> => bytesJson((r.value.aspect as { value: Buffer }).value);

describe('the change-log publisher', () => {
  it("publishes writes as DataHub's records on the three topics, keyed by URN, in its registered schema", async () => {
    const urn = datasetUrn(`pub_${unique()}`);
    const tag = `urn:li:tag:pub${unique()}`;
    await write(rt, urn, 'datasetProperties', { name: 'published', description: 'to Kafka' });
    await write(rt, urn, 'globalTags', { tags: [{ tag }] });
    await write(rt, urn, 'datasetProfile', { timestampMillis: Date.now(), rowCount: 7 });

    const versioned = (
      await readUntil(topics.versioned, (rs) =>
        rs.some((r) => r.key === urn && r.value.aspectName === 'globalTags'),
      )
    ).filter((r) => r.key === urn);
    const names = versioned.map((r) => r.value.aspectName);
    expect(names).toContain('datasetProperties');
    expect(names.indexOf('datasetProperties')).toBeLessThan(names.indexOf('globalTags'));
    const props = versioned.find((r) => r.value.aspectName === 'datasetProperties') as Rec;
    expect(props.value).toMatchObject({ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT' });
    expect(aspectOf(props)).toMatchObject({ name: 'published', description: 'to Kafka' });
    // As the Events API writes it (one writer, `wireText`): without the defaults validation filled in.
    expect(aspectOf(props)).toEqual({ name: 'published', description: 'to Kafka' });
    expect((props.value.created as { actor: string }).actor).toBe(SYSTEM_ACTOR);
    expect(new Set(versioned.map((r) => r.partition)).size).toBe(1);

    const timeseries = await readUntil(topics.timeseries, (rs) => rs.some((r) => r.key === urn));
    const profile = timeseries.find((r) => r.key === urn) as Rec;
    expect(profile.value).toMatchObject({ aspectName: 'datasetProfile', entityUrn: urn });
    expect(aspectOf(profile)).toMatchObject({ rowCount: 7 });

    const isTagAdd = (r: Rec): boolean => {
      if (r.key !== urn || r.value.name !== 'entityChangeEvent') return false;
      const ece = bytesJson((r.value.payload as { value: Buffer }).value);
      return ece.category === 'TAG' && ece.operation === 'ADD' && ece.modifier === tag;
    };
    const platform = await readUntil(topics.platform, (rs) => rs.some(isTagAdd));
    const added = platform.find(isTagAdd) as Rec;
    expect(bytesJson((added.value.payload as { value: Buffer }).value)).toMatchObject({
      entityType: 'dataset',
      entityUrn: urn,
      auditStamp: { actor: SYSTEM_ACTOR },
    });

    // The writer schemas are registered under Confluent's subjects.
    const subjects = (await request('GET', `${rt.url}/schema-registry/api/subjects`)).body as string[];
    for (const t of Object.values(topics)) expect(subjects).toContain(`${t}-value`);
  });

  it('resumes from its checkpoint: what was written while no publisher ran is published, in order', async () => {
    const urn = datasetUrn(`pub_restart_${unique()}`);
    const named = (rs: Rec[]): string[] =>
      rs
        .filter((r) => r.key === urn && r.value.aspectName === 'datasetProperties')
        .map((r) => aspectOf(r).name as string);
    await write(rt, urn, 'datasetProperties', { name: 'v1' });
    await readUntil(topics.versioned, (rs) => named(rs).includes('v1'));
    await rt.stop();
    // A neohub without Kafka writes meanwhile: nothing publishes these until the publisher runs again.
    const off = await startTestServer({ ...env, KAFKA_BOOTSTRAP_SERVER: '' });
    try {
      await write(off, urn, 'datasetProperties', { name: 'v2' });
      await write(off, urn, 'datasetProperties', { name: 'v3' });
    } finally {
      await off.stop();
    }
    rt = await startTestServer(env);
    await write(rt, urn, 'datasetProperties', { name: 'v4' });
    const records = await readUntil(topics.versioned, (rs) => named(rs).includes('v4'));
    // At least once, in commit order: each version, none lost, none out of order.
    const seen = named(records).filter((n, i, all) => all.indexOf(n) === i);
    expect(seen).toEqual(['v1', 'v2', 'v3', 'v4']);
    const offsets = records.filter((r) => r.key === urn).map((r) => r.offset);
    expect([...offsets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(offsets);
  });

  it('publishes a batch of change-log records larger than one produce request, every record of it', async () => {
    // 600 datasets with 10 kB descriptions in one write: 6 MB of records, more than a broker takes at once.
    const run = `pub_big_${unique()}`;
    const urns = Array.from({ length: 600 }, (_, i) => datasetUrn(`${run}_${i}`));
    const description = 'x'.repeat(10_000);
    await asSystem(() =>
      rt.services.ingest.ingest(
        urns.map((u) => mcp(u, 'datasetProperties', { name: u, description })),
        { actor: SYSTEM_ACTOR },
      ),
    );
    const mine = new Set(urns);
    const published = (rs: Rec[]) =>
      new Set(
        rs.filter((r) => mine.has(r.key) && r.value.aspectName === 'datasetProperties').map((r) => r.key),
      );
    const records = await readUntil(topics.versioned, (rs) => published(rs).size === urns.length);
    expect(published(records).size).toBe(urns.length);
  });

  it('passes over a record larger than KAFKA_PRODUCER_MAX_REQUEST_SIZE, logged, and publishes the writes after it', async () => {
    await rt.stop();
    const small = await startTestServer({ ...env, KAFKA_PRODUCER_MAX_REQUEST_SIZE: '20000' });
    try {
      const huge = datasetUrn(`pub_huge_${unique()}`);
      const after = datasetUrn(`pub_after_${unique()}`);
      await write(small, huge, 'datasetProperties', { name: 'huge', description: 'x'.repeat(30_000) });
      await write(small, after, 'datasetProperties', { name: 'after' });
      const records = await readUntil(topics.versioned, (rs) => rs.some((r) => r.key === after));
      expect(records.some((r) => r.key === after)).toBe(true);
      expect(records.filter((r) => r.key === huge && r.value.aspectName === 'datasetProperties')).toEqual([]);
    } finally {
      await small.stop();
      rt = await startTestServer(env);
    }
  });

  it('never publishes Admin-only kinds or secret aspects', async () => {
    const secret = `urn:li:dataHubSecret:pub_${unique()}`;
    const user = `urn:li:corpuser:pub_${unique()}`;
    const marker = datasetUrn(`pub_marker_${unique()}`);
    await write(rt, secret, 'dataHubSecretValue', { name: 'pub', value: 'not-for-kafka' });
    await write(rt, user, 'corpUserCredentials', { salt: 'not-for-kafka', hashedPassword: 'not-for-kafka' });
    await write(rt, user, 'corpUserInfo', { active: true, displayName: 'Published' });
    await write(rt, marker, 'status', { removed: false });
    await write(rt, marker, 'globalTags', { tags: [{ tag: `urn:li:tag:pubmark${unique()}` }] });
    const versioned = await readUntil(topics.versioned, (rs) => rs.some((r) => r.key === marker));
    expect(versioned.some((r) => r.key === marker)).toBe(true);
    // The user's other aspects are published; the credentials and the secret's entity are not.
    expect(versioned.some((r) => r.key === user && r.value.aspectName === 'corpUserInfo')).toBe(true);
    expect(versioned.filter((r) => r.key === secret)).toEqual([]);
    expect(versioned.filter((r) => r.value.aspectName === 'corpUserCredentials')).toEqual([]);
    const platform = await readUntil(topics.platform, (rs) =>
      rs.some(
        (r) => r.key === marker && bytesJson((r.value.payload as { value: Buffer }).value).category === 'TAG',
      ),
    );
    expect(platform.filter((r) => r.key === secret)).toEqual([]);
    const text = (v: unknown): string =>
      JSON.stringify(v, (_k, x: { type?: string; data?: number[] } | null) =>
        x?.type === 'Buffer' && Array.isArray(x.data) ? Buffer.from(x.data).toString() : x,
      );
    for (const r of [...versioned, ...platform]) expect(text(r.value)).not.toContain('not-for-kafka');
  });
});
