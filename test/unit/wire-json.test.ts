import { describe, expect, it } from 'vitest';
import { RawJson, stringifyWithRaw } from '../../src/json/index.js';
import { defaultRegistry, wireText, wireValue } from '../../src/registry/index.js';

const registry = defaultRegistry();
const out = (aspect: string, value: unknown) =>
  stringifyWithRaw({ value: wireValue(registry, aspect, value) });

describe('doubles as DataHub writes them (the model drives one writer)', () => {
  it('writes a whole number in a double field with a fraction, and nothing else differently', () => {
    const value = {
      properties: [
        {
          propertyUrn: 'urn:li:structuredProperty:n',
          values: [{ double: 30 }, { double: 2.5 }, { string: '30' }],
        },
      ],
    };
    const text = out('structuredProperties', value);
    expect(text).toBe(
      '{"value":{"properties":[{"propertyUrn":"urn:li:structuredProperty:n","values":[{"double":30.0},{"double":2.5},{"string":"30"}]}]}}',
    );
    expect(JSON.parse(text)).toEqual({ value });
  });

  it('reaches doubles through records, arrays and optional fields (upstreamLineage, datasetProfile)', () => {
    const lineage = {
      upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', type: 'TRANSFORMED' }],
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', downstreamType: 'FIELD', confidenceScore: 1 }],
    };
    expect(out('upstreamLineage', lineage)).toContain('"confidenceScore":1.0');
    const profile = {
      timestampMillis: 1700000000000,
      rowCount: 30,
      fieldProfiles: [{ fieldPath: 'a', nullProportion: 0, uniqueProportion: 1, min: '3' }],
    };
    const text = out('datasetProfile', profile);
    expect(text).toContain('"rowCount":30,'); // a long stays an integer
    expect(text).toContain('"timestampMillis":1700000000000,');
    expect(text).toContain('"nullProportion":0.0,"uniqueProportion":1.0,"min":"3"');
    expect(wireText(registry, 'datasetProfile', JSON.stringify(profile))).toBe(text.slice(9, -1));
  });

  it('leaves aspects without doubles as they are, and numbers too large for a plain form', () => {
    const tags = { tags: [{ tag: 'urn:li:tag:a' }] };
    expect(wireValue(registry, 'globalTags', tags)).toBe(tags);
    expect(wireText(registry, 'globalTags', '{"tags":[]}')).toBe('{"tags":[]}');
    const huge = {
      properties: [
        { propertyUrn: 'urn:li:structuredProperty:n', values: [{ double: 1e21 }, { double: -4 }] },
      ],
    };
    expect(out('structuredProperties', huge)).toContain('[{"double":1e+21},{"double":-4.0}]');
  });

  it('places raw text where it stands, and leaves strings (quotes, NULs) as JSON.stringify writes them', () => {
    const text = stringifyWithRaw({
      a: new RawJson('[1.0,"q\\"\\u0000"]'),
      b: 'plain "quoted" \u0000',
      c: [new RawJson('2.0')],
    });
    expect(text).toBe('{"a":[1.0,"q\\"\\u0000"],"b":"plain \\"quoted\\" \\u0000","c":[2.0]}');
    expect(JSON.parse(text).b).toBe('plain "quoted" \u0000');
  });
});
