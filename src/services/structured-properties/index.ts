export {
  StructuredPropertyRules,
  VALUE_CLEANUP_TASK,
  type TaskLauncher,
  type ValueCleanupParams,
} from './write-rules.js';
export { runValueCleanup, type CleanupProgress } from './value-cleanup.js';
export { visibleValues, assignments } from './visibility.js';
export { loadStates } from './states.js';
export { StructuredFieldResolver, structuredFields } from './search-fields.js';
export {
  PROPERTY_PREFIX,
  VALUE_TYPES,
  canonicalEntityType,
  canonicalValueType,
  entityTypeName,
  valueTypeOf,
  type PrimitiveValue,
  type PropertyDefinition,
  type ValueType,
} from './definition-rules.js';
export { isVisible, type Assignment, type PropertyState } from './value-rules.js';
export {
  PROPERTY_SETTINGS,
  StructuredPropertyService,
  type AllowedValueInput,
  type CreatePropertyInput,
  type SettingsInput,
  type UpdatePropertyInput,
  type ValueInput,
  type ValuesInput,
} from './property-service.js';
