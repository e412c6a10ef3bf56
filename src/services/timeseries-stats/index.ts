export { TimeseriesStatsService, MAX_AGGREGATED_VALUES } from './stats-service.js';
export { javaDouble, type GenericTable } from './aggregate.js';
export { bucketStart, nextBucket, zoneOf } from './calendar.js';
export { TIME_RANGES, type UsageQueryResult } from './usage.js';
