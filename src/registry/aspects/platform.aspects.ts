// The platform aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import { DataPlatformInfo, TelemetryClientId } from './platform.js';
import { displayNameSearch } from './shared.aspects.js';

export const PLATFORM_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'dataPlatformInfo',
    schema: DataPlatformInfo,
    searchable: [
      { path: 'name', fieldName: 'name', fieldType: 'WORD_GRAM', queryByDefault: true, boostScore: 10.0 },
      displayNameSearch,
      { path: 'logical', fieldName: 'logical', fieldType: 'BOOLEAN', queryByDefault: false },
    ],
  },
  { name: 'telemetryClientId', schema: TelemetryClientId },
];
