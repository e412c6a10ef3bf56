import { Registry } from './registry.js';
import { declarations } from './model.js';
import type { EnumSchema, RecordSchema, Schema } from './schema.js';

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
export { extractEdges, hasFieldLineage, FINE_GRAINED } from './edges.js';
export { valuesAtPath } from './paths.js';
export { wireText, wireValue } from './wire-json.js';
export {
  filledDefaults,
  parseDefaulted,
  stillDefaulted,
  withoutDefaulted,
  type Defaulted,
} from './defaulted.js';
export { OVERLAY } from './overlay.js';
export { WIRE_SCHEMAS, type WireRecord } from './wire-schemas.js';

/** The declarations of the generated model with the overlay applied, built once at import. */
const DECLARATIONS = declarations();

/** A named type of the model (record, enum or aliased union) by its Pegasus FQN. */
export function namedSchema(fqn: string): Schema {
  const s = DECLARATIONS.named.get(fqn);
  if (!s) throw new Error(`no type ${fqn} in the model`);
  return s;
}
const namedEnum = (fqn: string): EnumSchema => namedSchema(fqn) as EnumSchema;

export const AuditStamp = namedSchema('com.linkedin.common.AuditStamp') as RecordSchema;
/** DataHub's enums, as schemas: what GraphQL's enum types are made from. */
export const AccessLevelSchema = namedEnum('com.linkedin.common.AccessLevel');
export const FabricTypeSchema = namedEnum('com.linkedin.common.FabricType');
export const MLFeatureDataTypeSchema = namedEnum('com.linkedin.common.MLFeatureDataType');
export const OwnershipSourceTypeSchema = namedEnum('com.linkedin.common.OwnershipSourceType');
export const ChartTypeSchema = namedEnum('com.linkedin.chart.ChartType');
export const PlatformTypeSchema = namedEnum('com.linkedin.dataplatform.PlatformType');

/** The version of DataHub's model the registry was generated from. */
export const MODEL_VERSION = DECLARATIONS.version;

let instance: Registry | undefined;

/** The registry built from the generated model (once). */
export function defaultRegistry(): Registry {
  instance ??= new Registry(DECLARATIONS.aspects, DECLARATIONS.entities);
  return instance;
}
