import { describe, expect, it } from 'vitest';
import {
  breakingChanges,
  checkDefinition,
  checkEvolution,
  entityTypeName,
  isVersion,
  valueTypeOf,
  type PropertyDefinition,
} from '../../src/services/structured-properties/definition-rules.js';
import {
  checkAssignments,
  isRetired,
  isVisible,
  type PropertyState,
} from '../../src/services/structured-properties/value-rules.js';

const URN = 'urn:li:structuredProperty:io.acryl.retention';
const def = (extra: Partial<PropertyDefinition> = {}): PropertyDefinition => ({
  qualifiedName: 'io.acryl.retention',
  valueType: 'urn:li:dataType:datahub.number',
  cardinality: 'MULTIPLE',
  entityTypes: ['urn:li:entityType:datahub.dataset'],
  allowedValues: [{ value: { double: 30 } }, { value: { double: 60 } }],
  ...extra,
});
const state = (d: PropertyDefinition, extra: Partial<PropertyState> = {}): PropertyState => ({
  exists: true,
  removed: false,
  definition: d,
  versionSince: 1000,
  ...extra,
});

describe('structured property definitions', () => {
  it('name value and entity types in both the versioned-API and the GraphQL forms', () => {
    expect(valueTypeOf('urn:li:dataType:datahub.number')).toBe('number');
    expect(valueTypeOf('urn:li:dataType:string')).toBe('string');
    expect(valueTypeOf('urn:li:dataType:datahub.colour')).toBeUndefined();
    expect(entityTypeName('urn:li:entityType:datahub.dataFlow')).toBe('dataFlow');
    expect(entityTypeName('urn:li:entityType:dataset')).toBe('dataset');
    expect(entityTypeName('dataset')).toBeUndefined();
  });

  it('take versions of the form yyyyMMddhhmmss with a real date and time', () => {
    expect(isVersion('20240614080000')).toBe(true);
    expect(isVersion('20240230080000')).toBe(false);
    expect(isVersion('2024061408000')).toBe(false);
    expect(isVersion('v2')).toBe(false);
  });

  it('are checked on their own', () => {
    expect(() => checkDefinition(URN, def())).not.toThrow();
    expect(() => checkDefinition(URN, def({ qualifiedName: 'other' }))).toThrow(
      /must equal the id of the URN/,
    );
    expect(() => checkDefinition(URN, def({ entityTypes: [] }))).toThrow(/at least one entity type/);
    expect(() =>
      checkDefinition(URN, def({ allowedValues: [{ value: { double: 1 } }, { value: { double: 1 } }] })),
    ).toThrow(/duplicate allowed value/);
  });

  it('evolve compatibly, or break only with a new and later version', () => {
    expect(breakingChanges(def(), def({ cardinality: 'SINGLE' }))).toEqual([
      'cardinality changed from MULTIPLE to SINGLE',
    ]);
    expect(breakingChanges(def({ cardinality: 'SINGLE' }), def())).toEqual([]);
    expect(
      breakingChanges(
        def(),
        def({ allowedValues: [...(def().allowedValues ?? []), { value: { double: 90 } }] }),
      ),
    ).toEqual([]);
    expect(breakingChanges(def({ allowedValues: undefined }), def())).toEqual([
      'allowed values added to a property that allowed any value',
    ]);
    expect(breakingChanges(def(), def({ entityTypes: ['urn:li:entityType:dataset'] }))).toEqual([]);
    expect(checkEvolution(URN, def(), def({ displayName: 'x' }))).toBe(false);
    expect(() => checkEvolution(URN, def(), def({ cardinality: 'SINGLE' }))).toThrow(
      /Backwards-incompatible/,
    );
    expect(checkEvolution(URN, def(), def({ cardinality: 'SINGLE', version: '20240614080000' }))).toBe(true);
    expect(() =>
      checkEvolution(URN, def({ version: '20240614080000' }), def({ version: '20230614080000' })),
    ).toThrow(/older than the current version/);
    expect(() => checkEvolution(URN, def({ version: '20240614080000' }), def())).toThrow(/cannot be removed/);
  });
});

describe('structured property values', () => {
  const target = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
  const check = (values: unknown[], d = def(), s: Partial<PropertyState> = {}) =>
    checkAssignments(
      target,
      'dataset',
      [{ index: 0, assignment: { propertyUrn: URN, values: values as never }, previous: undefined }],
      new Map([[URN, state(d, s)]]),
    );

  it('fit the definition', () => {
    expect(() => check([{ double: 30 }, { double: 60 }])).not.toThrow();
    expect(() => check([{ double: 31 }])).toThrow(/not one of the allowed values/);
    expect(() => check([{ string: '30' }])).toThrow(/is not a number/);
    expect(() => check([{ double: 30 }, { double: 60 }], def({ cardinality: 'SINGLE' }))).toThrow(
      /cardinality SINGLE/,
    );
    expect(() => check([{ double: 30 }], def({ entityTypes: ['urn:li:entityType:datahub.chart'] }))).toThrow(
      /does not apply to dataset/,
    );
    expect(() => check([{ double: 30 }], def(), { removed: true })).toThrow(/soft-deleted/);
    expect(() => check([{ double: 30 }], def(), { exists: false })).toThrow(/does not exist/);
    const dates = def({ valueType: 'urn:li:dataType:datahub.date', allowedValues: undefined });
    expect(() => check([{ string: '2024-06-14' }], dates)).not.toThrow();
    expect(() => check([{ string: 'June' }], dates)).toThrow(/not a date/);
    const users = def({
      valueType: 'urn:li:dataType:datahub.urn',
      allowedValues: undefined,
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
    });
    expect(() => check([{ string: 'urn:li:corpuser:jdoe' }], users)).not.toThrow();
    expect(() => check([{ string: 'urn:li:corpGroup:eng' }], users)).toThrow(/takes corpuser URNs/);
  });

  it('are retired when set before the current version, and hidden while their property is gone or soft-deleted', () => {
    const d = def();
    const at = (time: number) => ({ propertyUrn: URN, values: [], lastModified: { time, actor: 'a' } });
    expect(isRetired(at(999), state(d))).toBe(true);
    expect(isRetired(at(1000), state(d))).toBe(false);
    expect(isVisible(at(2000), state(d))).toBe(true);
    expect(isVisible(at(2000), state(d, { removed: true }))).toBe(false);
    expect(isVisible(at(2000), state(d, { exists: false }))).toBe(false);
    expect(isVisible(at(2000), undefined)).toBe(false);
  });
});
