import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  errorMessage,
  formatProblem,
  isVersion,
  knownDefinition,
  parseArgs,
  parseDatasetFile,
  parsePropertyFile,
  run,
  typeAssignments,
  UsageError,
  type FileProblem,
} from '../../src/cli/index.js';

const problems = (list: readonly FileProblem[]): string[] => list.map(formatProblem);
const props = (text: string) => parsePropertyFile(text, 'props.yaml');
const datasets = (text: string) => parseDatasetFile(text, 'ds.yaml');

describe('property definition file', () => {
  it('turns each property into a propertyDefinition aspect', () => {
    const r = props(`- id: io.acryl.privacy.retentionTime
  qualified_name: io.acryl.privacy.retentionTime
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
    - value: "90"
- id: clusterName
  type: urn:li:dataType:datahub.string
  entity_types: [urn:li:entityType:datahub.dataset, schemaField]
  version: 20240614080000
  allowed_values:
    - value: 1.50
- urn: urn:li:structuredProperty:x.y
  qualified_name: x.y
  type: STRING
`);
    expect(r.problems).toEqual([]);
    expect(r.properties).toEqual([
      {
        urn: 'urn:li:structuredProperty:io.acryl.privacy.retentionTime',
        pos: { line: 1, col: 3 },
        definition: {
          qualifiedName: 'io.acryl.privacy.retentionTime',
          displayName: 'Retention Time',
          valueType: 'urn:li:dataType:datahub.number',
          cardinality: 'MULTIPLE',
          entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'],
          description: 'How long to keep records',
          allowedValues: [{ value: { double: 30 }, description: 'ephemeral' }, { value: { double: 90 } }],
        },
      },
      {
        urn: 'urn:li:structuredProperty:clusterName',
        pos: { line: 14, col: 3 },
        definition: {
          qualifiedName: 'clusterName',
          valueType: 'urn:li:dataType:datahub.string',
          cardinality: 'SINGLE',
          entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField'],
          // a number written where a string is wanted is kept as written
          allowedValues: [{ value: { string: '1.50' } }],
          version: '20240614080000',
        },
      },
      {
        urn: 'urn:li:structuredProperty:x.y',
        pos: { line: 20, col: 3 },
        definition: {
          qualifiedName: 'x.y',
          valueType: 'urn:li:dataType:datahub.string',
          cardinality: 'SINGLE',
          entityTypes: [],
        },
      },
    ]);
  });

  it('accepts a single mapping as a file of one property', () => {
    const r = props('id: a.b\ntype: number\nentity_types: [dataset]\n');
    expect(r.problems).toEqual([]);
    expect(r.properties.map((p) => p.urn)).toEqual(['urn:li:structuredProperty:a.b']);
  });

  it('reports a bad cardinality at its line', () => {
    const r = props(`- id: ok
  type: number
  entity_types: [dataset]
- id: other
  type: string
  entity_types: [dataset]
  cardinality: MANY
`);
    expect(problems(r.problems)).toEqual([
      'props.yaml:7:16: cardinality must be SINGLE or MULTIPLE, not "MANY"',
    ]);
  });

  it('reports every malformed entry with its line and column', () => {
    const r = props(`- id: a
  type: date
- urn: urn:li:structuredProperty:b
  type: string
- type: number
- id: c
  type: number
  version: "2024-06-14"
  entity_types: dataset
  colour: red
  allowed_values:
    - value: thirty
    - value: 30
      note: x
- id: d
  type: string
  version: 20241332080000
- id: e
  urn: urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)
  qualified_name: e
  type: string
  entity_types: ["not a name"]
`);
    expect(problems(r.problems)).toEqual([
      'props.yaml:2:9: type must be number or string (or urn:li:dataType:datahub.<type>), not "date"',
      'props.yaml:3:8: qualified_name is required when urn is given',
      'props.yaml:5:3: property needs an id or a urn',
      'props.yaml:8:12: version must have the form yyyyMMddhhmmss (e.g. 20240614080000), not "2024-06-14"',
      'props.yaml:9:17: entity_types must be a list',
      expect.stringMatching(/^props\.yaml:10:3: property: unknown key "colour" \(known keys: id, urn, /),
      'props.yaml:12:14: allowed value "thirty" is not a number (the type is number)',
      'props.yaml:14:7: allowed value: unknown key "note" (known keys: value, description)',
      'props.yaml:17:12: version must have the form yyyyMMddhhmmss (e.g. 20240614080000), not "20241332080000"',
      'props.yaml:19:8: urn must be a urn:li:structuredProperty:<id> URN',
      'props.yaml:22:18: "not a name" is not an entity type name or urn:li:entityType: URN',
    ]);
    expect(r.properties).toEqual([]);
  });

  it('reports YAML syntax errors, duplicate keys and duplicate properties at their lines', () => {
    expect(problems(props('- id: a\n  type: [number\n- id: b\n').problems)).toEqual([
      expect.stringMatching(/^props\.yaml:3:1: Flow sequence in block collection must .* end with a \]/),
    ]);
    expect(problems(props('- id: a\n  type: number\n  type: string\n').problems)).toEqual([
      'props.yaml:3:3: Map keys must be unique',
    ]);
    expect(problems(props('- id: a\n  type: number\n- id: a\n  type: number\n').problems)).toEqual([
      'props.yaml:3:3: urn:li:structuredProperty:a is defined twice (first on line 1)',
    ]);
    expect(problems(props('').problems)).toEqual(['props.yaml: the file has no property entries']);
    expect(problems(props('just text').problems)).toEqual([
      'props.yaml:1:1: expected a list of property entries or one mapping',
    ]);
  });

  it('checks versions as real instants', () => {
    expect(isVersion('20240614080000')).toBe(true);
    expect(isVersion('20240230080000')).toBe(false);
    expect(isVersion('20240614246000')).toBe(false);
    expect(isVersion('2024061408000')).toBe(false);
  });
});

describe('dataset file', () => {
  it('builds dataset and schema-field URNs and keeps values as written', () => {
    const r = datasets(`- id: user.clicks
  platform: hive
  name: Clicks
  description: Clicks on the site
  properties:
    retention: 30
  schema:
    fields:
      - id: ip
        type: string
        structured_properties:
          clusterName: [a, b]
      - id: url
  structured_properties:
    io.acryl.privacy.retentionTime:
      - "30"
      - 90
    urn:li:structuredProperty:clusterName: main
- urn: urn:li:dataset:(urn:li:dataPlatform:snowflake,db.t,DEV)
- id: t
  platform: urn:li:dataPlatform:mysql
  env: DEV
`);
    expect(r.problems).toEqual([]);
    const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,user.clicks,PROD)';
    expect(r.datasets.map((d) => d.urn)).toEqual([
      ds,
      'urn:li:dataset:(urn:li:dataPlatform:snowflake,db.t,DEV)',
      'urn:li:dataset:(urn:li:dataPlatform:mysql,t,DEV)',
    ]);
    const [first] = r.datasets;
    expect(first?.datasetProperties).toEqual({
      name: 'Clicks',
      description: 'Clicks on the site',
      customProperties: { retention: '30' },
    });
    expect(first?.structuredProperties).toEqual([
      {
        propertyUrn: 'urn:li:structuredProperty:io.acryl.privacy.retentionTime',
        pos: { line: 15, col: 5 },
        values: [
          { pos: { line: 16, col: 9 }, value: '30', text: '30' },
          { pos: { line: 17, col: 9 }, value: 90, text: '90' },
        ],
      },
      {
        propertyUrn: 'urn:li:structuredProperty:clusterName',
        pos: { line: 18, col: 5 },
        values: [{ pos: { line: 18, col: 44 }, value: 'main', text: 'main' }],
      },
    ]);
    expect(first?.fields.map((f) => [f.urn, f.structuredProperties?.[0]?.values.length])).toEqual([
      [`urn:li:schemaField:(${ds},ip)`, 2],
      [`urn:li:schemaField:(${ds},url)`, undefined],
    ]);
    expect(r.datasets[1]?.datasetProperties).toBeUndefined();
  });

  it('keeps keys every object inherits as data (custom properties, structured properties)', () => {
    const r = datasets(`- id: t
  platform: hive
  properties:
    __proto__: a
    constructor: b
    toString: c
  structured_properties:
    __proto__: x
    constructor: y
`);
    expect(r.problems).toEqual([]);
    const props = r.datasets[0]?.datasetProperties?.customProperties as Record<string, string>;
    expect(Object.keys(props)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(props))).toEqual(
      JSON.parse('{"__proto__":"a","constructor":"b","toString":"c"}'),
    );
    expect(r.datasets[0]?.structuredProperties?.map((p) => p.propertyUrn)).toEqual([
      'urn:li:structuredProperty:__proto__',
      'urn:li:structuredProperty:constructor',
    ]);
    expect(Object.hasOwn(Object.prototype, 'a')).toBe(false);
  });

  it('reports malformed entries with their lines', () => {
    const r = datasets(`- id: a
- platform: hive
  owner: me
- id: b
  platform: hive
  properties:
    nested: {x: 1}
  schema:
    fields:
      - type: string
      - id: f
        tags: [x]
        structured_properties:
          p: {a: 1}
          q: []
          urn:li:tag:x: 1
      - id: f
  structured_properties: [x]
- urn: urn:li:chart:(looker,c)
`);
    expect(problems(r.problems)).toEqual([
      'ds.yaml:1:3: dataset needs platform (or a urn)',
      'ds.yaml:2:3: dataset needs id (or a urn)',
      expect.stringMatching(/^ds\.yaml:3:3: dataset: unknown key "owner"/),
      'ds.yaml:7:13: properties.nested must be a single value',
      'ds.yaml:10:9: schema field needs an id',
      expect.stringMatching(/^ds\.yaml:12:9: schema field: unknown key "tags"/),
      'ds.yaml:14:14: value of p must be a single value',
      'ds.yaml:15:11: q has no values',
      'ds.yaml:16:11: "urn:li:tag:x" is neither a qualified name nor a urn:li:structuredProperty: URN',
      'ds.yaml:17:9: field "f" is given twice (first on line 11)',
      'ds.yaml:18:26: structured_properties must be a mapping',
      'ds.yaml:19:8: urn must be a urn:li:dataset:(<platform urn>,<name>,<env>) URN',
    ]);
  });
});

describe('typing values by their definitions', () => {
  const number = knownDefinition({
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.dataset'],
    allowedValues: [{ value: { double: 30 } }, { value: { double: 90 } }],
  });
  const text = knownDefinition({
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'MULTIPLE',
    entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField'],
  });
  const defs = new Map([
    ['urn:li:structuredProperty:n', number],
    ['urn:li:structuredProperty:s', text],
    ['urn:li:structuredProperty:gone', undefined],
  ]);
  const typeFile = (yaml: string, entityType = 'dataset') => {
    const parsed = datasets(yaml);
    expect(parsed.problems).toEqual([]);
    return typeAssignments(parsed.datasets[0]?.structuredProperties ?? [], defs, entityType, 'ds.yaml');
  };

  it('turns numeric text into doubles for number properties and keeps text for string ones', () => {
    const r = typeFile('id: a\nplatform: hive\nstructured_properties:\n  n: "30"\n  s: [x, 1.50]\n');
    expect(r.problems).toEqual([]);
    expect(r.properties).toEqual([
      { propertyUrn: 'urn:li:structuredProperty:n', values: [{ double: 30 }] },
      { propertyUrn: 'urn:li:structuredProperty:s', values: [{ string: 'x' }, { string: '1.50' }] },
    ]);
  });

  it('names the line of a value that does not fit, and of an unknown property', () => {
    const r = typeFile(`id: a
platform: hive
structured_properties:
  n: thirty
  gone: 1
  urn:li:structuredProperty:n2: 1
`);
    expect(problems(r.problems)).toEqual([
      'ds.yaml:4:6: "thirty" is not a number (urn:li:structuredProperty:n is number-typed)',
      'ds.yaml:5:3: unknown structured property urn:li:structuredProperty:gone',
      'ds.yaml:6:3: unknown structured property urn:li:structuredProperty:n2',
    ]);
  });

  it('checks cardinality, allowed values and entity types', () => {
    const yaml = 'id: a\nplatform: hive\nstructured_properties:\n  n: [30, 90]\n  s: x\n';
    expect(problems(typeFile(yaml).problems)).toEqual([
      'ds.yaml:4:3: urn:li:structuredProperty:n takes a single value (cardinality SINGLE), not 2',
    ]);
    expect(problems(typeFile('id: a\nplatform: hive\nstructured_properties:\n  n: 45\n').problems)).toEqual([
      'ds.yaml:4:6: 45 is not an allowed value of urn:li:structuredProperty:n (allowed: 30, 90)',
    ]);
    expect(problems(typeFile(yaml.replace('[30, 90]', '30'), 'schemaField').problems)).toEqual([
      'ds.yaml:4:3: urn:li:structuredProperty:n does not apply to schemaField (entity types: urn:li:entityType:datahub.dataset)',
    ]);
  });
});

describe('command line', () => {
  it('takes the server and token from flags, then NEOHUB_*, then DATAHUB_*, then the default', () => {
    const env = { DATAHUB_GMS_URL: 'http://d:1', NEOHUB_GMS_TOKEN: 'n', DATAHUB_GMS_TOKEN: 'd' };
    expect(parseArgs(['properties', 'upsert', '-f', 'x.yaml'], {})).toEqual({
      kind: 'upsert',
      entity: 'structuredProperty',
      file: 'x.yaml',
      target: { server: 'http://127.0.0.1:8080' },
    });
    expect(parseArgs(['dataset', 'get', '--urn', 'u'], env)).toMatchObject({
      target: { server: 'http://d:1', token: 'n' },
    });
    expect(
      parseArgs(['dataset', 'get', '--urn=u', '--server', 'http://s:2', '--token', 't'], {
        ...env,
        NEOHUB_GMS_URL: 'http://n:3',
      }),
    ).toMatchObject({
      kind: 'get',
      entity: 'dataset',
      urn: 'u',
      target: { server: 'http://s:2', token: 't' },
    });
    expect(parseArgs(['dataset', 'upsert', '--help'], {})).toEqual({ kind: 'help' });
  });

  it('rejects bad command lines', () => {
    for (const argv of [
      [],
      ['tags', 'upsert'],
      ['properties', 'delete'],
      ['properties', 'upsert'],
      ['dataset', 'get'],
      ['dataset', 'upsert', '-f'],
      ['dataset', 'upsert', '-f', 'a', '--bogus'],
      ['dataset', 'upsert', '-f', 'a', '--server', 'localhost:8080'],
      ['constructor', 'upsert', '-f', 'a'],
      ['__proto__', 'upsert', '-f', 'a'],
      ['dataset', 'upsert', '-f', 'a', '--constructor', 'x'],
      ['dataset', 'upsert', '-f', 'a', '--toString=x'],
    ])
      expect(() => parseArgs(argv, {}), argv.join(' ')).toThrow(UsageError);
  });

  it("reads DataHub's JSON error bodies", () => {
    expect(errorMessage(400, '{"error":"Validation Error","message":"bad value"}')).toBe(
      'Validation Error: bad value',
    );
    expect(errorMessage(400, '{"error":"Invalid URN"}')).toBe('Invalid URN');
    expect(errorMessage(502, 'Bad Gateway')).toBe('HTTP 502: Bad Gateway');
  });
});

describe('run', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'neohub-cli-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  /** run() with a recording fake server. */
  async function runWith(argv: string[], respond: (url: string, init: RequestInit) => Response) {
    const calls: { url: string; init: RequestInit }[] = [];
    const out: string[] = [];
    const err: string[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url, init);
    }) as unknown as typeof fetch;
    const code = await run(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { NEOHUB_GMS_URL: 'http://gms:8080/', DATAHUB_GMS_TOKEN: 'secret' },
      fetch: fakeFetch,
    });
    return { code, calls, out, err };
  }
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('posts each definition with the token and prints one line per URN', async () => {
    const f = write(
      'ok.yaml',
      '- id: a.b\n  type: number\n  entity_types: [dataset]\n- id: c\n  type: string\n',
    );
    const r = await runWith(['properties', 'upsert', '-f', f], () => json(200, {}));
    expect(r).toMatchObject({
      code: 0,
      err: [],
      out: ['Upserted urn:li:structuredProperty:a.b', 'Upserted urn:li:structuredProperty:c'],
    });
    expect(r.calls[0]?.url).toBe(
      'http://gms:8080/openapi/v3/entity/structuredProperty/urn%3Ali%3AstructuredProperty%3Aa.b/propertyDefinition?createIfNotExists=false',
    );
    expect(r.calls[0]?.init).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer secret', 'Content-Type': 'application/json' },
    });
    expect(JSON.parse(String(r.calls[0]?.init.body))).toEqual({
      value: {
        qualifiedName: 'a.b',
        valueType: 'urn:li:dataType:datahub.number',
        cardinality: 'SINGLE',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
      },
    });
  });

  it('writes nothing for a malformed file and stops at a server rejection, naming the line', async () => {
    const bad = write('bad.yaml', '- id: a\n  type: number\n  cardinality: ONE\n');
    const r = await runWith(['properties', 'upsert', '-f', bad], () => json(200, {}));
    expect(r.code).toBe(1);
    expect(r.calls).toEqual([]);
    expect(r.err[0]).toBe(`${bad}:3:16: cardinality must be SINGLE or MULTIPLE, not "ONE"`);

    const two = write(
      'two.yaml',
      '- id: a\n  type: number\n\n- id: b\n  type: number\n- id: c\n  type: number\n',
    );
    const rejected = await runWith(['properties', 'upsert', '-f', two], (url) =>
      url.includes('%3Ab/') ? json(400, { error: 'Validation Error', message: 'no' }) : json(200, {}),
    );
    expect(rejected).toMatchObject({
      code: 1,
      out: ['Upserted urn:li:structuredProperty:a'],
      err: [`${two}:4:3: the server rejected urn:li:structuredProperty:b (HTTP 400): Validation Error: no`],
    });
    expect(rejected.calls).toHaveLength(2);
  });

  it('exits 2 on usage errors and 0 for --help', async () => {
    expect((await runWith(['dataset'], () => json(200, {}))).code).toBe(2);
    const help = await runWith(['--help'], () => json(200, {}));
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toMatch(/neohub properties upsert|properties upsert -f/);
  });
});
