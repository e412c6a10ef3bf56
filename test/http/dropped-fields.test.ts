import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Logger } from '../../src/logger.js';
import { startRuntime, type Runtime } from '../../src/runtime.js';
import { asSystemView, datasetUrn, enc, get, graphTarget, mcp, post, unique } from '../support/runtime.js';
import { request } from '../support/http.js';

/**
 * Fields neohub's model lacks (a newer DataHub client's) are dropped and reported, never refused
 * (docs/decisions/0050): the write succeeds, `X-Neohub-Dropped-Fields` names them, one warning is logged
 * per request, and the stored aspect is the rest of what was sent.
 */
let rt: Runtime;
let base: string;
const logged: Record<string, any>[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) logged.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'warn' }, sink) as unknown as Logger;
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NEOHUB_AUTH: 'off',
  });
  rt = await startRuntime(config, graphTarget(), log);
  if (config.searchSync) await asSystemView(rt.services).search.waitForIndex(100_000);
  base = rt.url;
});
afterAll(async () => rt?.stop());

const HEADER = 'x-neohub-dropped-fields';
const droppedLogs = (urn: string) =>
  logged.filter((l) => l.level === 40 && JSON.stringify(l.dropped ?? []).includes(JSON.stringify(urn)));
const stored = async (urn: string, aspect: string) =>
  (await request('GET', `${base}/openapi/v3/entity/dataset/${enc(urn)}/${aspect}`)).body?.value;

describe('unknown fields are dropped and reported', () => {
  it('Rest.li ingestProposal: written without the field, named in the header and the log', async () => {
    const urn = datasetUrn(`drop_${unique()}`);
    const res = await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'datasetProperties', { description: 'x', colour: 'red' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: urn });
    expect(res.headers.get(HEADER)).toBe('datasetProperties/colour');
    expect(await stored(urn, 'datasetProperties')).toEqual({ description: 'x' });
    const read = await get(base, `/aspects/${enc(urn)}?aspect=datasetProperties&version=0`);
    expect(read.body.aspect['com.linkedin.dataset.DatasetProperties']).not.toHaveProperty('colour');
    const lines = droppedLogs(urn);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      url: '/aspects',
      dropped: [{ urn, aspect: 'datasetProperties', fields: ['/colour'] }],
    });
  });

  it('a nested unknown field (in an array item) is dropped too; a batch reports each aspect', async () => {
    const urn = datasetUrn(`drop_nested_${unique()}`);
    const up = datasetUrn(`drop_up_${unique()}`);
    const res = await post(base, '/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(urn, 'upstreamLineage', {
          upstreams: [
            { dataset: up, type: 'COPY', auditStamp: { time: 1, actor: 'urn:li:corpuser:a' }, weight: 2 },
          ],
        }),
        mcp(urn, 'status', { removed: false, reason: 'new' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(HEADER)).toBe('upstreamLineage/upstreams/0/weight, status/reason');
    const lineage = await stored(urn, 'upstreamLineage');
    expect(lineage.upstreams).toHaveLength(1);
    expect(lineage.upstreams[0]).toMatchObject({ dataset: up, type: 'COPY' });
    expect(lineage.upstreams[0]).not.toHaveProperty('weight');
    expect(await stored(urn, 'status')).toEqual({ removed: false });
    expect(droppedLogs(urn)[0]?.dropped).toEqual([
      { urn, aspect: 'upstreamLineage', fields: ['/upstreams/0/weight'] },
      { urn, aspect: 'status', fields: ['/reason'] },
    ]);
  });

  it('a JSON Patch that adds an unknown field: the rest of the patch applies', async () => {
    const urn = datasetUrn(`drop_patch_${unique()}`);
    const res = await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(
        urn,
        'datasetProperties',
        [
          { op: 'add', path: '/description', value: 'patched' },
          { op: 'add', path: '/colour', value: 'red' },
        ],
        'PATCH',
      ),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(HEADER)).toBe('datasetProperties/colour');
    expect(await stored(urn, 'datasetProperties')).toMatchObject({ description: 'patched' });
    expect(await stored(urn, 'datasetProperties')).not.toHaveProperty('colour');
  });

  it('OpenAPI v3 batch and single-aspect POST, and v2 POST', async () => {
    const urn = datasetUrn(`drop_oa_${unique()}`);
    const batch = await request('POST', `${base}/openapi/v3/entity/dataset?async=false`, {
      body: [
        {
          urn,
          globalTags: { value: { tags: [{ tag: 'urn:li:tag:T', shade: 'dark' }], mood: 1 } },
        },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.headers.get(HEADER)).toBe('globalTags/tags/0/shade, globalTags/mood');
    // A new entity: the answer lists its key and default aspects too, as DataHub's does.
    expect(batch.body).toEqual([
      expect.objectContaining({ urn, globalTags: { value: { tags: [{ tag: 'urn:li:tag:T' }] } } }),
    ]);

    const one = await request('POST', `${base}/openapi/v3/entity/dataset/${enc(urn)}/status`, {
      body: { value: { removed: false, colour: 'red' } },
    });
    expect(one.status).toBe(200);
    expect(one.headers.get(HEADER)).toBe('status/colour');
    expect(await stored(urn, 'status')).toEqual({ removed: false });

    const v2 = await request('POST', `${base}/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties`, {
      body: { name: 'n', colour: 'red' },
    });
    expect(v2.status).toBe(200);
    expect(v2.headers.get(HEADER)).toBe('datasetProperties/colour');
    expect(await stored(urn, 'datasetProperties')).toMatchObject({ name: 'n' });
    expect(await stored(urn, 'datasetProperties')).not.toHaveProperty('colour');
  });

  it('bounds the header: at most 20 fields, then how many more; no header when nothing is dropped', async () => {
    const urn = datasetUrn(`drop_many_${unique()}`);
    const extra = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, i]));
    const res = await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'status', { removed: true, ...extra, 'odd, name é': 1 }),
    });
    expect(res.status).toBe(200);
    const header = res.headers.get(HEADER) ?? '';
    expect(header.split(', ').slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `status/f${i}`));
    expect(header).toMatch(/, \.\.\. and 6 more$/);
    expect(await stored(urn, 'status')).toEqual({ removed: true });

    const clean = await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'status', { removed: false }),
    });
    expect(clean.status).toBe(200);
    expect(clean.headers.get(HEADER)).toBeNull();
  });

  it('other violations still refuse the write (no header): a wrong type beside an unknown field', async () => {
    const urn = datasetUrn(`drop_bad_${unique()}`);
    const res = await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'status', { removed: 'yes', colour: 'red' }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get(HEADER)).toBeNull();
    expect(res.body.message).toMatch(/\/removed :: "yes" cannot be coerced to Boolean/);
    expect(res.body.message).not.toMatch(/colour/);
  });
});
