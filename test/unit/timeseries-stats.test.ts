import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { aggregate, groupingBuckets, javaDouble } from '../../src/services/timeseries-stats/aggregate.js';
import { bucketStart, nextBucket, zoneOf } from '../../src/services/timeseries-stats/calendar.js';
import { documentsOf, layoutOf } from '../../src/services/timeseries-stats/documents.js';

const registry = defaultRegistry();
const usageLayout = layoutOf(registry.aspectOf(registry.entity('dataset'), 'datasetUsageStatistics'));

describe('calendar intervals', () => {
  it('starts weeks on Monday and months, quarters and years on their first day, in UTC', () => {
    const t = Date.UTC(2024, 4, 15, 13, 45, 12); // a Wednesday
    expect(bucketStart(t, 'WEEK', 'UTC')).toBe(Date.UTC(2024, 4, 13));
    expect(bucketStart(t, 'MONTH', 'UTC')).toBe(Date.UTC(2024, 4, 1));
    expect(bucketStart(t, 'QUARTER', 'UTC')).toBe(Date.UTC(2024, 3, 1));
    expect(bucketStart(t, 'YEAR', 'UTC')).toBe(Date.UTC(2024, 0, 1));
    expect(bucketStart(t, 'HOUR', 'UTC')).toBe(Date.UTC(2024, 4, 15, 13));
    expect(bucketStart(Date.UTC(2024, 4, 12), 'WEEK', 'UTC')).toBe(Date.UTC(2024, 4, 6)); // a Sunday
    expect(nextBucket(Date.UTC(2024, 0, 1), 'MONTH', 'UTC')).toBe(Date.UTC(2024, 1, 1));
    expect(nextBucket(Date.UTC(2024, 10, 1), 'QUARTER', 'UTC')).toBe(Date.UTC(2025, 1, 1));
  });

  it('follows a zone across its clock changes, and falls back to GMT for an unknown zone', () => {
    const ny = zoneOf('America/New_York');
    // 10 March 2024: clocks go forward at 02:00; the day is 23 hours long.
    const day = bucketStart(Date.UTC(2024, 2, 10, 12), 'DAY', ny);
    expect(day).toBe(Date.UTC(2024, 2, 10, 5));
    expect(nextBucket(day, 'DAY', ny)).toBe(Date.UTC(2024, 2, 11, 4));
    expect(zoneOf('Not/AZone')).toBe('UTC');
    expect(zoneOf(undefined)).toBe('UTC');
    expect(bucketStart(Date.UTC(2024, 0, 1, 3), 'DAY', zoneOf('+05:30'))).toBe(
      Date.UTC(2023, 11, 31, 18, 30),
    );
    expect(nextBucket(Date.UTC(2023, 11, 31, 18, 30), 'DAY', zoneOf('+05:30'))).toBe(
      Date.UTC(2024, 0, 1, 18, 30),
    );
    expect(bucketStart(Date.UTC(2024, 0, 1, 3), 'DAY', zoneOf('GMT-3'))).toBe(Date.UTC(2024, 0, 1, 3));
  });
});

describe('DataHub documents and aggregations', () => {
  it('explodes a usage value into an aspect document and one per user and field', () => {
    const docs = documentsOf(
      usageLayout,
      'urn:x',
      {
        timestampMillis: 5,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        uniqueUserCount: 1,
        userCounts: [{ user: 'urn:li:corpuser:a', count: 2, userEmail: 'a@x' }],
        fieldCounts: [{ fieldPath: 'id', count: 3 }],
      },
      'run-1',
    );
    const common = {
      urn: 'urn:x',
      timestampMillis: 5,
      runId: 'run-1',
      eventGranularity: '{"unit":"DAY","multiple":1}',
    };
    expect(docs).toEqual([
      { ...common, isExploded: false, uniqueUserCount: 1 },
      { ...common, isExploded: true, userCounts: { user: 'urn:li:corpuser:a', count: 2, userEmail: 'a@x' } },
      { ...common, isExploded: true, fieldCounts: { fieldPath: 'id', count: 3 } },
    ]);
  });

  it('answers one row without groupings, NULL where nothing has the field', () => {
    const docs = [
      { urn: 'u', timestampMillis: 1, totalSqlQueries: 2 },
      { urn: 'u', timestampMillis: 3, totalSqlQueries: 1 },
    ];
    const t = aggregate(
      docs,
      usageLayout,
      [
        { fieldPath: 'totalSqlQueries', aggregationType: 'LATEST' },
        { fieldPath: 'uniqueUserCount', aggregationType: 'LATEST' },
        { fieldPath: 'totalSqlQueries', aggregationType: 'SUM' },
        { fieldPath: 'urn', aggregationType: 'CARDINALITY' },
      ],
      [],
    );
    expect(t).toEqual({
      columnNames: [
        'latest_totalSqlQueries',
        'latest_uniqueUserCount',
        'sum_totalSqlQueries',
        'cardinality_urn',
      ],
      columnTypes: ['int', 'int', 'double', 'long'],
      rows: [['1', 'NULL', '3', '1']],
    });
  });

  it('checks groupings against the aspect', () => {
    expect(() => groupingBuckets([{ type: 'STRING_GROUPING_BUCKET', key: 'nope' }], usageLayout)).toThrow(
      /Unknown TimeseriesField/,
    );
    expect(
      groupingBuckets(
        [{ type: 'DATE_GROUPING_BUCKET', key: 'timestampMillis', timeWindowSize: { unit: 'DAY' } }],
        usageLayout,
      ),
    ).toEqual([{ type: 'DATE_GROUPING_BUCKET', key: 'timestampMillis', unit: 'DAY', zone: 'UTC' }]);
  });

  it('prints doubles as Java does', () => {
    expect([3, 0.5, 0, 1e7, 12345678.5, 0.0001].map(javaDouble)).toEqual([
      '3.0',
      '0.5',
      '0.0',
      '1.0E7',
      '1.23456785E7',
      '1.0E-4',
    ]);
  });
});
