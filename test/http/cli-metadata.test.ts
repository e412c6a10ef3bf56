/**
 * neohub's own CLI for a TypeScript-only setup (issue 18): `ingest -f` of DataHub metadata files
 * (proposals and events, JSON and JSON Lines), `runs list|show|rollback` (a dry run unless --apply),
 * `get` and `delete` of any entity; errors name the file and line.
 */
import { describe, expect, it } from 'vitest';
import { useCliSuite } from '../support/cli.js';
import { get } from '../support/http.js';
import { datasetUrn, enc, unique } from '../support/runtime.js';

const suite = useCliSuite();
const rt = suite.rt;
const file = suite.file;
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = await suite.cli(...args);
  return { code: r.code, out: r.out.join('\n'), err: r.err.join('\n') };
}
const props = async (urn: string) =>
  (await get(rt().url, `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`)).body?.value;

describe('neohub ingest, runs, get and delete', () => {
  it('ingests a file of proposals and events in one run, lists, shows and rolls it back', async () => {
    const u = unique();
    const runId = `cli-${u}`;
    const [a, b, c] = ['a', 'b', 'c'].map((n) => datasetUrn(`cli_${u}_${n}`)) as [string, string, string];
    const sm = { runId, lastObserved: Date.now() };
    const records = [
      // as DataHub's MetadataChangeProposalWrapper serializes: the value as a JSON string
      {
        entityType: 'dataset',
        entityUrn: a,
        changeType: 'UPSERT',
        aspectName: 'datasetProperties',
        aspect: { value: JSON.stringify({ name: 'a' }), contentType: 'application/json' },
        systemMetadata: sm,
      },
      // as DataHub's file sink writes it: the value as JSON
      {
        entityType: 'dataset',
        entityUrn: b,
        changeType: 'UPSERT',
        aspectName: 'datasetProperties',
        aspect: { json: { name: 'b' } },
        systemMetadata: sm,
      },
      // a change event with Avro names
      {
        proposedSnapshot: {
          'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': {
            urn: c,
            aspects: [
              { 'com.linkedin.pegasus2avro.dataset.DatasetProperties': { name: 'c', customProperties: {} } },
            ],
          },
        },
        systemMetadata: sm,
      },
    ];
    const json = file('meta.json', JSON.stringify(records, null, 2));
    const ingested = await cli('ingest', '-f', json);
    expect(ingested.err).toBe('');
    expect(ingested).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Ingested 3 records from .* in [\d.]+ s$/),
    });
    expect((await props(a)).name).toBe('a');
    expect((await props(b)).name).toBe('b');
    expect((await props(c)).name).toBe('c');

    const listed = await cli('runs', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(runId);
    const shown = await cli('runs', 'show', '--run-id', runId);
    expect(shown.out).toContain(a);
    expect(shown.out).toContain('datasetProperties');
    // the change event's aspects carry its record's run id too, as DataHub's emitter sends it
    expect(shown.out).toContain(c);
    const dry = await cli('runs', 'rollback', '--run-id', runId);
    // Each entity's key, properties and the default aspects its first write made (browsePathsV2,
    // dataPlatformInstance); the change event's entity too.
    expect(dry.out).toMatch(/^Dry run: would roll back \d+ aspects of 3 entities, deleting 3\.$/m);
    expect((await props(a)).name).toBe('a');
    const done = await cli('runs', 'rollback', '--run-id', runId, '--apply');
    expect(done.out).toContain('Rolled back');
    expect(await props(a)).toBeUndefined();
    expect(await props(c)).toBeUndefined();

    // JSON Lines
    const jsonl = file(
      'meta.jsonl',
      records
        .slice(0, 2)
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    expect((await cli('ingest', '-f', jsonl)).code).toBe(0);
    expect((await props(b)).name).toBe('b');
    const got = await cli('get', '--urn', b, '--aspect', 'datasetProperties');
    expect(JSON.parse(got.out)).toMatchObject({ name: 'b' });
    expect(JSON.parse((await cli('get', '--urn', b)).out)).toMatchObject({ urn: b });
    expect((await cli('delete', '--urn', b)).out).toBe(`Soft deleted ${b}`);
    expect((await get(rt().url, `/openapi/v3/entity/dataset/${enc(b)}/status`)).body.value).toEqual({
      removed: true,
    });
    expect((await cli('delete', '--urn', b, '--hard')).out).toBe(`Hard deleted ${b}`);
    expect((await cli('get', '--urn', b)).code).toBe(1);
  });

  it('names the file and line of a bad record, and of one the server refuses', async () => {
    const u = unique();
    const good = {
      entityUrn: datasetUrn(`cli_bad_${u}`),
      aspectName: 'status',
      aspect: { json: { removed: false } },
    };
    const bad = file('bad.jsonl', `${JSON.stringify(good)}\n\n{"no": "urn"}\nnot json\n`);
    const parsed = await cli('ingest', '-f', bad);
    expect(parsed.code).toBe(1);
    expect(parsed.err).toContain(`${bad}:3: neither a change proposal`);
    expect(parsed.err).toContain(`${bad}:4: not JSON`);
    expect(parsed.err).toContain('nothing was sent');

    const refused = { ...good, aspect: { json: { removed: 'yes' } } };
    const text = JSON.stringify([good, good, refused], null, 2);
    const f = file('refused.json', text);
    const res = await cli('ingest', '-f', f);
    expect(res.code).toBe(1);
    const line = text.split('\n').lastIndexOf('  {') + 1; // where the third record starts
    expect(res.err).toContain(`${f}:${line}: the server refused it (HTTP 422)`);

    expect((await cli('ingest')).code).toBe(2);
    expect((await cli('runs', 'show')).code).toBe(2);
    expect((await cli('runs', 'rollback', '--run-id', 'x', '--urn', 'y')).code).toBe(2);
    expect((await cli('get')).code).toBe(2);
  });
});
