import { describe, expect, it } from 'vitest';
import { generateModel } from '../../src/registry/generator/index.js';

const PIN = { package: 'acryl-datahub', version: '0.0.0' };
const NS = 'com.linkedin.pegasus2avro.common';

/** A one-aspect model: `fields` on the aspect's record, with a key aspect that names it. */
function model(fields: unknown[], extra: Record<string, unknown> = {}) {
  const files = new Map<string, unknown>([
    [
      'ThingKey.avsc',
      {
        type: 'record',
        name: 'ThingKey',
        namespace: 'com.linkedin.pegasus2avro.metadata.key',
        Aspect: {
          name: 'thingKey',
          keyForEntity: 'thing',
          entityCategory: 'core',
          entityAspects: ['thingInfo'],
        },
        fields: [{ name: 'id', type: 'string' }],
      },
    ],
    [
      'ThingInfo.avsc',
      { type: 'record', name: 'ThingInfo', namespace: NS, Aspect: { name: 'thingInfo' }, fields, ...extra },
    ],
  ]);
  return generateModel(files, PIN);
}

describe('the registry generator', () => {
  it('reads kinds, keys and aspects, and drops documentation', () => {
    const m = model([{ name: 'name', type: 'string', doc: 'The name' }]);
    expect(m.entities).toEqual({
      thing: { key: 'thingKey', keyFields: ['id'], category: 'core', aspects: ['thingInfo'] },
    });
    expect(m.aspects['thingInfo']).toEqual({ record: 'com.linkedin.common.ThingInfo' });
    expect(m.types['com.linkedin.common.ThingInfo']).toEqual({ record: [{ name: 'name', type: 'string' }] });
  });

  it('gives optional fields, defaults without null members, URNs, times, and by-name references', () => {
    const stamp = {
      type: 'record',
      name: 'Stamp',
      fields: [
        { name: 'time', type: 'long' },
        {
          name: 'actor',
          type: 'string',
          Urn: 'Urn',
          java: { class: 'com.linkedin.pegasus2avro.common.urn.Urn' },
        },
        { name: 'message', type: ['null', 'string'], default: null },
      ],
    };
    const m = model([
      { name: 'created', type: stamp, default: { time: 0, actor: 'urn:li:corpuser:unknown', message: null } },
      { name: 'modified', type: ['null', `${NS}.Stamp`], default: null },
      { name: 'owners', type: { type: 'array', items: 'string' }, Urn: 'CorpuserUrn', urn_is_array: true },
      { name: 'durationMillis', type: 'long' },
      { name: 'flag', type: 'boolean', default: false },
    ]);
    expect(m.types['com.linkedin.common.ThingInfo']).toEqual({
      record: [
        {
          name: 'created',
          type: 'com.linkedin.common.Stamp',
          optional: true,
          default: { time: 0, actor: 'urn:li:corpuser:unknown' },
        },
        { name: 'modified', type: 'com.linkedin.common.Stamp', optional: true },
        { name: 'owners', type: { array: { urn: ['corpuser'] } } },
        { name: 'durationMillis', type: 'long' },
        { name: 'flag', type: 'boolean', optional: true, default: false },
      ],
    });
    expect(m.types['com.linkedin.common.Stamp']).toEqual({
      record: [
        { name: 'time', type: 'time' },
        { name: 'actor', type: 'urn' },
        { name: 'message', type: 'string', optional: true },
      ],
    });
  });

  it('turns aliased unions back into unions keyed by alias', () => {
    const m = model([
      {
        name: 'cost',
        type: {
          type: 'record',
          name: 'CostCost',
          fields: [
            { name: 'costId', type: ['null', 'double'], default: null },
            { name: 'costCode', type: ['null', 'string'], default: null },
            {
              name: 'fieldDiscriminator',
              type: { type: 'enum', name: 'CostCostDiscriminator', symbols: ['costId', 'costCode'] },
            },
          ],
        },
      },
    ]);
    expect(m.types['com.linkedin.common.CostCost']).toEqual({
      aliasedUnion: { costId: 'double', costCode: 'string' },
    });
  });

  it('flattens annotations: an ancestor override wins, map keys, union members, defaults', () => {
    const tag = {
      type: 'record',
      name: 'TagAssociation',
      fields: [
        {
          name: 'tag',
          type: 'string',
          Relationship: { name: 'Inner', entityTypes: ['tag'] },
          Searchable: { fieldName: 'inner' },
        },
      ],
    };
    const m = model([
      {
        name: 'fields',
        type: {
          type: 'array',
          items: {
            type: 'record',
            name: 'F',
            fields: [{ name: 'tags', type: { type: 'array', items: tag } }],
          },
        },
        Relationship: { '/*/tags/*/tag': { name: 'FieldTaggedWith', entityTypes: ['tag'] } },
        Searchable: { '/*/tags/*/tag': { v3: { x: 1 } } },
      },
      {
        name: 'types',
        type: { type: 'map', values: 'string' },
        Searchable: { '/$key': { fieldType: 'MAP_ARRAY', queryByDefault: false } },
      },
      {
        name: 'inputs',
        type: { type: 'array', items: ['string', 'int'] },
        Searchable: { '/*/int': { fieldName: 'n' } },
      },
    ]);
    expect(m.aspects['thingInfo']?.relationships).toEqual([
      { path: 'fields/*/tags/*/tag', name: 'FieldTaggedWith', entityTypes: ['tag'] },
    ]);
    expect(m.aspects['thingInfo']?.searchable).toEqual([
      { path: 'fields/*/tags/*/tag', fieldName: 'inner', fieldType: 'TEXT', queryByDefault: true },
      { path: 'types/$key', fieldName: 'types', fieldType: 'MAP_ARRAY', queryByDefault: false },
      { path: 'inputs/*/int', fieldName: 'n', fieldType: 'COUNT', queryByDefault: false },
    ]);
  });

  it('throws on what it does not know, so that a pin bump cannot lose information silently', () => {
    expect(() => model([{ name: 'x', type: 'string', Shiny: true }])).toThrow(
      /unknown field property "Shiny"/,
    );
    expect(() => model([{ name: 'x', type: 'string', Searchable: { fieldKind: 'A' } }])).toThrow(
      /unknown Searchable property "fieldKind"/,
    );
    expect(() => model([{ name: 'x', type: 'com.elsewhere.Thing' }])).toThrow(/unresolved type name/);
    expect(() => model([], { Aspect: { name: 'thingInfo', novel: 1 } })).toThrow(
      /unknown Aspect property "novel"/,
    );
  });
});
