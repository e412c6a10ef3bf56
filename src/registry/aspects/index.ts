import type { AspectSpec } from '../types.js';
import { CHART_DASHBOARD_ASPECTS } from './chart-dashboard.aspects.js';
import { COMMON_ASPECTS } from './common.aspects.js';
import { DATASET_ASPECTS } from './dataset.aspects.js';
import { IDENTITY_ASPECTS } from './identity.aspects.js';
import { KEYS_ASPECTS } from './keys.aspects.js';
import { ML_ASPECTS } from './ml.aspects.js';
import { PLATFORM_ASPECTS } from './platform.aspects.js';
import { SCHEMA_ASPECTS } from './schema.aspects.js';
import { STRUCTURED_PROPERTIES_ASPECTS } from './structured-properties.aspects.js';
import { TAG_GLOSSARY_ASPECTS } from './tag-glossary.aspects.js';

/** Every aspect neohub knows, with its schema, time-series flag and annotations. */
export const ASPECTS: readonly AspectSpec[] = [
  ...CHART_DASHBOARD_ASPECTS,
  ...COMMON_ASPECTS,
  ...DATASET_ASPECTS,
  ...IDENTITY_ASPECTS,
  ...KEYS_ASPECTS,
  ...ML_ASPECTS,
  ...PLATFORM_ASPECTS,
  ...SCHEMA_ASPECTS,
  ...STRUCTURED_PROPERTIES_ASPECTS,
  ...TAG_GLOSSARY_ASPECTS,
];
