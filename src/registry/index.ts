import { ASPECTS } from './aspects/index.js';
import { ENTITIES } from './entities.js';
import { Registry } from './registry.js';

export { Registry, validateRecord } from './registry.js';
export type * from './types.js';
export * as schema from './schema.js';
export {
  resolve as resolveSchema,
  simpleName,
  unionKey,
  TIME_WINDOW,
  timeProblem,
  type RecordSchema,
  type Schema,
} from './schema.js';
export { extractEdges } from './edges.js';
export { AuditStamp } from './aspects/common.js';
/** DataHub's enums, as schemas: what GraphQL's enum types are made from. */
export {
  AccessLevel as AccessLevelSchema,
  FabricType as FabricTypeSchema,
  MLFeatureDataType as MLFeatureDataTypeSchema,
  OwnershipSourceType as OwnershipSourceTypeSchema,
} from './aspects/common.js';
export { ChartType as ChartTypeSchema } from './aspects/chart-dashboard.js';
export { PlatformType as PlatformTypeSchema } from './aspects/platform.js';
export { valuesAtPath } from './paths.js';

let instance: Registry | undefined;

/** The registry built from neohub's declarations (once). */
export function defaultRegistry(): Registry {
  instance ??= new Registry(ASPECTS, ENTITIES);
  return instance;
}
