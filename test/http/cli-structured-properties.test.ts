import { describe, expect, it } from 'vitest';
import { useCliSuite } from '../support/cli.js';
import { get } from '../support/http.js';
import { datasetUrn, enc, unique } from '../support/runtime.js';

const { rt, cli, file } = useCliSuite();
const propUrn = (qn: string) => `urn:li:structuredProperty:${qn}`;
const fieldUrn = (ds: string, f: string) => `urn:li:schemaField:(${ds},${f})`;
/** A property's stored definition; the single-aspect GET answers `{value}` or `{urn, propertyDefinition: {value}}`. */
const definitionOf = async (urn: string) => {
  const res = await get(rt().url, `/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`);
  return { status: res.status, value: res.body?.propertyDefinition?.value ?? res.body?.value };
};
const entity = async (kind: string, urn: string) => get(rt().url, `/openapi/v3/entity/${kind}/${enc(urn)}`);

/** A number property (MULTIPLE, with allowed values) and a string property for datasets and schema fields. */
function definitions(u: string) {
  const retention = `io.neohub.cli${u}.retentionTime`;
  const cluster = `io.neohub.cli${u}.clusterName`;
  const text = `# structured properties of the CLI test
- id: ${retention}
  type: number
  cardinality: MULTIPLE
  display_name: Retention Time
  entity_types:
    - dataset
    - dataFlow
  description: How long to keep records
  allowed_values:
    - value: 30
      description: ephemeral
    - value: 90
      description: monthly reporting
- id: ${cluster}
  type: urn:li:dataType:datahub.string
  version: "20240614080000"
  entity_types: [dataset, urn:li:entityType:datahub.schemaField]
`;
  return { retention, cluster, text };
}

describe('neohub CLI against the server', () => {
  it('soft deletes a property (reversible) and hard deletes it with --hard, its values going by a task', async () => {
    const u = unique();
    const { retention, text } = definitions(u);
    expect((await cli('properties', 'upsert', '-f', file('props.yaml', text))).code).toBe(0);
    const name = `cli_del_${u}.t`;
    const values = `- id: ${name}\n  platform: hive\n  structured_properties:\n    ${retention}: 30\n`;
    expect((await cli('dataset', 'upsert', '-f', file('ds.yaml', values))).code).toBe(0);
    const shown = async () =>
      (await entity('dataset', datasetUrn(name))).body.structuredProperties?.value?.properties ?? [];
    expect(await shown()).toHaveLength(1);

    const soft = await cli('properties', 'delete', '--urn', propUrn(retention));
    expect(soft).toMatchObject({ code: 0, out: [`Soft-deleted ${propUrn(retention)}`] });
    expect(await shown()).toEqual([]);
    expect((await entity('structuredProperty', propUrn(retention))).body.status.value).toEqual({
      removed: true,
    });

    const hard = await cli('properties', 'delete', '--urn', retention, '--hard');
    expect(hard.code).toBe(0);
    expect(hard.out[0]).toMatch(
      new RegExp(
        `^Deleted ${propUrn(retention).replace(/\./g, '\\.')}; its values are being removed by task \\S+:\\d+$`,
      ),
    );
    expect((await entity('structuredProperty', propUrn(retention))).status).toBe(404);
    const again = await cli('properties', 'delete', '--urn', retention, '--hard');
    expect(again).toMatchObject({ code: 1, err: [`${propUrn(retention)} not found`] });
    expect((await cli('dataset', 'delete', '--urn', 'x')).code).toBe(2);
  });

  it('upserts definitions, then a dataset with dataset- and field-level values, and reads them back', async () => {
    const u = unique();
    const { retention, cluster, text } = definitions(u);
    const defs = await cli('properties', 'upsert', '-f', file('props.yaml', text));
    expect(defs.err).toEqual([]);
    expect(defs).toMatchObject({
      code: 0,
      out: [`Upserted ${propUrn(retention)}`, `Upserted ${propUrn(cluster)}`],
    });

    const got = await definitionOf(propUrn(retention));
    expect(got.status).toBe(200);
    expect(got.value).toMatchObject({
      qualifiedName: retention,
      displayName: 'Retention Time',
      valueType: 'urn:li:dataType:datahub.number',
      cardinality: 'MULTIPLE',
      entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'],
      description: 'How long to keep records',
      allowedValues: [
        { value: { double: 30 }, description: 'ephemeral' },
        { value: { double: 90 }, description: 'monthly reporting' },
      ],
    });
    expect((await definitionOf(propUrn(cluster))).value).toMatchObject({
      qualifiedName: cluster,
      valueType: 'urn:li:dataType:datahub.string',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField'],
      version: '20240614080000',
    });

    const name = `cli_${u}.clicks`;
    const ds = datasetUrn(name);
    // A dataset with values only: the CLI creates it (its key aspect) along with them.
    const bare = `urn:li:dataset:(urn:li:dataPlatform:kafka,cli_${u}.events,DEV)`;
    const datasets = `- id: ${name}
  platform: hive
  description: Clicks on the web site
  properties:
    team: web
    retention_days: 30
  schema:
    fields:
      - id: ip
        type: string
        structured_properties:
          ${cluster}: edge
      - id: url
  structured_properties:
    ${retention}:
      - "30"
      - 90
    urn:li:structuredProperty:${cluster}: main
- urn: ${bare}
  structured_properties:
    ${retention}: 90
`;
    const up = await cli('dataset', 'upsert', '-f', file('datasets.yaml', datasets));
    expect(up.err).toEqual([]);
    expect(up).toMatchObject({
      code: 0,
      out: [`Upserted ${ds}`, `Upserted ${fieldUrn(ds, 'ip')}`, `Upserted ${bare}`],
    });

    const read = await entity('dataset', ds);
    expect(read.status).toBe(200);
    expect(read.body.datasetProperties.value).toMatchObject({
      description: 'Clicks on the web site',
      customProperties: { team: 'web', retention_days: '30' },
    });
    expect(read.body.structuredProperties.value.properties).toEqual([
      expect.objectContaining({ propertyUrn: propUrn(retention), values: [{ double: 30 }, { double: 90 }] }),
      expect.objectContaining({ propertyUrn: propUrn(cluster), values: [{ string: 'main' }] }),
    ]);
    const events = await entity('dataset', bare);
    expect(events.body).toMatchObject({
      datasetKey: {
        value: { platform: 'urn:li:dataPlatform:kafka', name: `cli_${u}.events`, origin: 'DEV' },
      },
      structuredProperties: {
        value: { properties: [{ propertyUrn: propUrn(retention), values: [{ double: 90 }] }] },
      },
    });
    const field = await entity('schemaField', fieldUrn(ds, 'ip'));
    expect(field.status).toBe(200);
    expect(field.body.structuredProperties.value.properties).toEqual([
      expect.objectContaining({ propertyUrn: propUrn(cluster), values: [{ string: 'edge' }] }),
    ]);

    // get prints the v3 entity; a second upsert of the same files succeeds (an upsert, not a create).
    const shown = await cli('dataset', 'get', '--urn', ds);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out.join('\n'))).toMatchObject({ urn: ds, structuredProperties: {} });
    const prop = await cli('properties', 'get', '--urn', propUrn(cluster));
    expect(JSON.parse(prop.out.join('\n'))).toMatchObject({ urn: propUrn(cluster), propertyDefinition: {} });
    expect((await cli('properties', 'upsert', '-f', file('again.yaml', text))).code).toBe(0);
    expect((await cli('dataset', 'upsert', '-f', file('again.yaml', datasets))).code).toBe(0);
    expect((await cli('dataset', 'get', '--urn', datasetUrn(`cli_${u}.missing`))).code).toBe(1);
  });

  it('rejects a malformed definition file with the line, writing none of its properties', async () => {
    const u = unique();
    const good = `io.neohub.cli${u}.good`;
    const text = `- id: ${good}
  type: number
  entity_types: [dataset]
- id: io.neohub.cli${u}.bad
  type: string
  entity_types: [dataset]
  cardinality: SOMETIMES
`;
    const res = await cli('properties', 'upsert', '-f', file('bad.yaml', text));
    expect(res.code).toBe(1);
    expect(res.out).toEqual([]);
    expect(res.err.join('\n')).toMatch(/bad\.yaml:7:16: cardinality must be SINGLE or MULTIPLE/);
    expect((await definitionOf(propUrn(good))).status).toBe(404);
  });

  it('rejects dataset values that do not fit their definitions, writing nothing', async () => {
    const u = unique();
    const { retention, text } = definitions(u);
    expect((await cli('properties', 'upsert', '-f', file('props.yaml', text))).code).toBe(0);
    const name = `cli_${u}.orders`;
    const datasets = `- id: ${name}
  platform: hive
  description: would be written first
  structured_properties:
    ${retention}: thirty
  schema:
    fields:
      - id: total
        structured_properties:
          io.neohub.cli${u}.noSuchProperty: 1
`;
    const res = await cli('dataset', 'upsert', '-f', file('values.yaml', datasets));
    expect(res.code).toBe(1);
    expect(res.out).toEqual([]);
    const err = res.err.join('\n');
    expect(err).toMatch(/values\.yaml:5:\d+: "thirty" is not a number/);
    expect(err).toMatch(new RegExp(`values\\.yaml:10:\\d+: unknown structured property .*noSuchProperty`));
    expect((await entity('dataset', datasetUrn(name))).status).toBe(404);
  });

  it('reports a server rejection with the line of the entry and exits 1', async () => {
    const u = unique();
    // The URN's id and the qualified name differ: the file is well-formed, the server refuses the definition.
    const text = `- id: io.neohub.cli${u}.ok
  type: string
  entity_types: [dataset]

- urn: urn:li:structuredProperty:io.neohub.cli${u}.one
  qualified_name: io.neohub.cli${u}.another
  type: string
  entity_types: [dataset]
`;
    const res = await cli('properties', 'upsert', '-f', file('rejected.yaml', text));
    expect(res.code).toBe(1);
    expect(res.out).toEqual([`Upserted ${propUrn(`io.neohub.cli${u}.ok`)}`]);
    expect(res.err.join('\n')).toMatch(/rejected\.yaml:5:3: the server rejected urn:li:structuredProperty:/);
  });
});
