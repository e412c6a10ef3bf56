import { describe, expect, it } from 'vitest';
import {
  array,
  boolean,
  enumOf,
  long,
  map,
  optional,
  record,
  string,
  union,
  urn,
  withDefault,
} from '../../src/registry/schema.js';
import { formatViolations, validateValue } from '../../src/registry/validate.js';

const Audit = record('com.linkedin.common.AuditStamp', { time: long, actor: urn() });
const Owner = record('com.linkedin.common.Owner', {
  owner: urn(),
  type: enumOf('com.linkedin.common.OwnershipType', ['DATAOWNER', 'TECHNICAL_OWNER']),
});
const Ownership = record('com.linkedin.common.Ownership', {
  owners: array(Owner),
  lastModified: withDefault(Audit, { time: 0, actor: 'urn:li:corpuser:unknown' }),
  extra: optional(map(string)),
});
const Field = record('com.linkedin.schema.SchemaFieldDataType', {
  type: union(record('com.linkedin.schema.StringType', {}), record('com.linkedin.schema.NumberType', {})),
  nullable: withDefault(boolean, false),
});

describe('validateValue', () => {
  it('accepts a valid record, fills defaults and drops null optionals', () => {
    const { value, violations } = validateValue(
      { owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER' }], extra: null },
      Ownership,
    );
    expect(violations).toEqual([]);
    expect(value).toEqual({
      owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER' }],
      lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
    });
  });

  it('names the path of every violation, and drops unknown fields without one', () => {
    const { violations, dropped } = validateValue(
      {
        owners: [{ owner: 'nope', type: 'BOSS', x: 1 }],
        lastModified: { time: 'soon', actor: 'urn:li:corpuser:a' },
      },
      Ownership,
    );
    expect(violations).toEqual(
      expect.arrayContaining([
        { path: '/owners/0/owner', message: expect.stringContaining('must start with') },
        { path: '/owners/0/type', message: expect.stringContaining('is not an enum symbol') },
        { path: '/lastModified/time', message: expect.stringContaining('cannot be coerced to Long') },
      ]),
    );
    expect(violations).toHaveLength(3);
    expect(dropped).toEqual(['/owners/0/x']);
  });

  it('drops fields the model lacks, at any depth, and lists their paths', () => {
    const { value, violations, dropped } = validateValue(
      {
        owners: [
          { owner: 'urn:li:corpuser:a', type: 'DATAOWNER' },
          { owner: 'urn:li:corpuser:b', type: 'DATAOWNER', colour: 'red', 'a/b~c': 1 },
        ],
        lastModified: { time: 1, actor: 'urn:li:corpuser:a', impersonator: null },
        shape: { round: true },
      },
      Ownership,
    );
    expect(violations).toEqual([]);
    expect(dropped).toEqual([
      '/owners/1/colour',
      '/owners/1/a~1b~0c',
      '/lastModified/impersonator',
      '/shape',
    ]);
    expect(value).toEqual({
      owners: [
        { owner: 'urn:li:corpuser:a', type: 'DATAOWNER' },
        { owner: 'urn:li:corpuser:b', type: 'DATAOWNER' },
      ],
      lastModified: { time: 1, actor: 'urn:li:corpuser:a' },
    });
    // A map's keys are its values' names, not fields: none is dropped.
    expect(validateValue({ owners: [], extra: { colour: 'red' } }, Ownership)).toMatchObject({
      value: { extra: { colour: 'red' } },
      dropped: [],
    });
  });

  it('drops an unknown field inside a union member, but an unknown member stays an error', () => {
    const member = validateValue(
      { type: { 'com.linkedin.schema.StringType': { maxLength: 3 } }, colour: 'red' },
      Field,
    );
    expect(member).toEqual({
      value: { type: { 'com.linkedin.schema.StringType': {} }, nullable: false },
      violations: [],
      dropped: ['/type/com.linkedin.schema.StringType/maxLength', '/colour'],
      defaulted: ['/nullable'],
    });
    const unknownMember = validateValue({ type: { 'com.linkedin.schema.DateType': {} } }, Field);
    expect(unknownMember.violations).toEqual([
      { path: '/type', message: expect.stringContaining('is not a member type of union') },
    ]);
    const extraKey = validateValue({ type: { 'com.linkedin.schema.StringType': {}, colour: 'red' } }, Field);
    expect(extraKey.violations[0]?.message).toMatch(/exactly one member key, found 2/);
  });

  it('reports missing required fields and formats like Rest.li', () => {
    const { violations } = validateValue({}, Ownership);
    expect(violations).toEqual([
      { path: '/owners', message: 'field is required but not found and has no default value' },
    ]);
    expect(formatViolations('com.linkedin.common.Ownership', violations)).toBe(
      'Failed to validate record with class com.linkedin.common.Ownership: ERROR :: /owners :: field is required but not found and has no default value\n',
    );
  });

  it('checks unions keyed by member FQN', () => {
    expect(validateValue({ type: { 'com.linkedin.schema.StringType': {} } }, Field).violations).toEqual([]);
    expect(validateValue({ type: { 'com.linkedin.schema.DateType': {} } }, Field).violations[0]?.path).toBe(
      '/type',
    );
    expect(validateValue({ type: {} }, Field).violations[0]?.message).toMatch(/exactly one member/);
  });

  it('rejects wrong primitive types', () => {
    expect(validateValue(1.5, long).violations).toHaveLength(1);
    expect(validateValue('1', long).violations).toHaveLength(1);
    expect(validateValue(3, long).violations).toHaveLength(0);
    expect(validateValue(1, string).violations[0]?.message).toBe('1 cannot be coerced to String');
  });
});
