/**
 * The timeline (issue 18): `GET /openapi/v2/timeline/v1/{urn}` computes change transactions from an
 * entity's aspect versions, with DataHub's semantic versions (a field added bumps the minor version, a
 * field removed or retyped the major one) and change events per category.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post } from '../support/http.js';
import {
  datasetUrn,
  enc,
  mcp,
  schemaField as field,
  schemaMetadata as schema,
  startTestServer,
  unique,
} from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

async function write(urn: string, aspect: string, value: unknown): Promise<void> {
  const res = await post(rt.url, '/aspects?action=ingestProposal', { proposal: mcp(urn, aspect, value) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await new Promise((r) => setTimeout(r, 5)); // one transaction per write
}

const timeline = (urn: string, query: string) => get(rt.url, `/openapi/v2/timeline/v1/${enc(urn)}?${query}`);

describe('the timeline', () => {
  it('gives schema changes their semantic versions, and tags and owners their categories', async () => {
    const u = unique();
    const urn = datasetUrn(`timeline_${u}`);
    await write(urn, 'schemaMetadata', schema([field('id', 'INT'), field('name')]));
    await write(urn, 'schemaMetadata', schema([field('id', 'INT'), field('name'), field('email')]));
    await write(urn, 'schemaMetadata', schema([field('id', 'BIGINT'), field('email', 'TEXT', 'mail')]));
    await write(urn, 'globalTags', { tags: [{ tag: `urn:li:tag:pii_${u}` }] });
    await write(urn, 'ownership', { owners: [{ owner: `urn:li:corpuser:ann_${u}`, type: 'DATAOWNER' }] });
    await write(urn, 'globalTags', { tags: [] });

    const res = await timeline(urn, 'categories=TECHNICAL_SCHEMA');
    expect(res.status).toBe(200);
    const txs = res.body as any[];
    expect(txs.map((t) => [t.semVer, t.semVerChange])).toEqual([
      ['0.0.0-computed', 'MINOR'],
      ['0.1.0-computed', 'MINOR'],
      ['1.0.0-computed', 'MAJOR'],
    ]);
    expect(txs[0].changeEvents.map((e: any) => [e.operation, e.parameters.fieldPath])).toEqual([
      ['ADD', 'id'],
      ['ADD', 'name'],
    ]);
    expect(txs[1].changeEvents).toEqual([
      expect.objectContaining({
        category: 'TECHNICAL_SCHEMA',
        operation: 'ADD',
        entityUrn: urn,
        modifier: `urn:li:schemaField:(${urn},email)`,
        semVerChange: 'MINOR',
        description: expect.stringContaining("newly added field 'email'"),
      }),
    ]);
    expect(
      txs[2].changeEvents.map((e: any) => [e.operation, e.parameters.fieldPath, e.semVerChange]),
    ).toEqual([
      // Field by field, in path order, as DataHub gives them.
      ['MODIFY', 'id', 'MAJOR'],
      ['REMOVE', 'name', 'MAJOR'],
    ]);
    expect(txs[2]).toMatchObject({ actor: expect.stringMatching(/^urn:li:corpuser:/) });
    // As DataHub stamps it: every versioned aspect of the entity then (its key too), by name, whatever
    // the categories asked; the tags and owners came later.
    const stamp = (t: any): string[] => t.versionStamp.split(';');
    // The default aspects written with the new dataset (decision 0056) are versioned aspects too.
    expect(stamp(txs[2])).toEqual(
      expect.arrayContaining([
        'browsePathsV2:0',
        'dataPlatformInstance:0',
        'datasetKey:0',
        'schemaMetadata:0',
      ]),
    );
    expect(stamp(txs[0])).toContain('schemaMetadata:1');
    expect(stamp(txs[2]).some((p) => p.startsWith('globalTags:') || p.startsWith('ownership:'))).toBe(false);
    expect(stamp(txs[2])).toEqual([...stamp(txs[2])].sort());
    expect(txs[0].timestamp).toBeLessThan(txs[2].timestamp);

    // The field description (DOCUMENTATION) came with the third version.
    const docs = (await timeline(urn, 'categories=DOCUMENTATION')).body as any[];
    expect(docs.flatMap((t) => t.changeEvents)).toEqual([
      expect.objectContaining({ operation: 'ADD', entityUrn: `urn:li:schemaField:(${urn},email)` }),
    ]);

    const labels = (await timeline(urn, 'categories=TAG&categories=ownership')).body as any[];
    expect(labels.map((t) => t.changeEvents.map((e: any) => [e.category, e.operation, e.modifier]))).toEqual([
      [['TAG', 'ADD', `urn:li:tag:pii_${u}`]],
      [['OWNER', 'ADD', `urn:li:corpuser:ann_${u}`]],
      [['TAG', 'REMOVE', `urn:li:tag:pii_${u}`]],
    ]);
    expect(labels[0].changeEvents[0].description).toBe(`Tag 'pii_${u}' added to entity '${urn}'.`);

    const raw = (await timeline(urn, 'categories=TAG&raw=true')).body as any[];
    expect(raw[0].rawDiff).toEqual([
      { op: 'add', path: '/globalTags/tags', value: [{ tag: `urn:li:tag:pii_${u}` }] },
    ]);

    // The window keeps each transaction's version.
    const late = (await timeline(urn, `categories=TECHNICAL_SCHEMA&startTime=${txs[2].timestamp}`))
      .body as any[];
    expect(late.map((t) => t.semVer)).toEqual(['1.0.0-computed']);
    const early = (await timeline(urn, `categories=TECHNICAL_SCHEMA&endTime=${txs[1].timestamp}`))
      .body as any[];
    expect(early.map((t) => t.semVer)).toEqual(['0.0.0-computed']);
  });

  it('answers lifecycle and deprecation changes, and refuses bad requests', async () => {
    const urn = datasetUrn(`timeline_life_${unique()}`);
    await write(urn, 'status', { removed: false });
    await write(urn, 'deprecation', { deprecated: true, note: 'old', actor: 'urn:li:corpuser:ann' });
    await write(urn, 'status', { removed: true });
    const life = (await timeline(urn, 'categories=LIFECYCLE,DEPRECATION')).body as any[];
    expect(life.map((t) => t.changeEvents.map((e: any) => e.operation))).toEqual([
      ['CREATE'],
      ['MODIFY'],
      ['SOFT_DELETE'],
    ]);
    // DataHub's other categories: a data product's assets, and versions.
    const product = `urn:li:dataProduct:tl_${unique()}`;
    const asset = datasetUrn(`tl_asset_${unique()}`);
    await write(product, 'dataProductProperties', { name: 'p', assets: [{ destinationUrn: asset }] });
    const members = (await timeline(product, 'categories=ASSET_MEMBERSHIP,APPLICATION,VERSIONING'))
      .body as any[];
    expect(
      members.flatMap((t) => t.changeEvents.map((e: any) => [e.category, e.operation, e.modifier])),
    ).toEqual([['ASSET_MEMBERSHIP', 'ADD', asset]]);
    expect((await timeline(urn, '')).status).toBe(400);
    expect((await timeline(urn, 'categories=NOPE')).status).toBe(400);
    expect((await timeline(urn, 'categories=TAG&startTime=abc')).status).toBe(400);
    expect((await timeline('not-a-urn', 'categories=TAG')).status).toBe(400);
    expect((await timeline(datasetUrn(`never_${unique()}`), 'categories=TAG')).status).toBe(404);
    for (const prefix of ['/gms', '/api/gms'])
      expect(
        (await get(rt.url, `${prefix}/openapi/v2/timeline/v1/${enc(urn)}?categories=LIFECYCLE`)).status,
      ).toBe(200);
    // DataHub's V1 path answers the same transactions.
    const query = `categories=TAG,DOCUMENTATION,LIFECYCLE&startTime=0`;
    const v1 = await get(rt.url, `/openapi/timeline/v1/${enc(urn)}?${query}`);
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual((await timeline(urn, query)).body);
    expect((v1.body as unknown[]).length).toBeGreaterThan(0);
    expect((await get(rt.url, `/openapi/timeline/v1/${enc(urn)}?categories=NOPE`)).status).toBe(400);
  });
});
