export { run, type CliIO } from './main.js';
export { parseArgs, resolveTarget, UsageError, USAGE, type Command } from './args.js';
export { GmsClient, ServerError, ConnectionError, errorMessage, type Target } from './client.js';
export {
  parsePropertyFile,
  valueKind,
  isVersion,
  type PropertyDefinition,
  type PropertyEntry,
} from './property-file.js';
export { parseDatasetFile, type DatasetEntry, type FieldEntry, type RawAssignment } from './dataset-file.js';
export {
  propertyUrn,
  entityTypeUrn,
  datasetUrn,
  schemaFieldUrn,
  datasetKey,
  schemaFieldKey,
} from './urns.js';
export { typeAssignments, knownDefinition, referencedProperties, type Assignment } from './values.js';
export { formatProblem, type FileProblem, type Position } from './yaml-source.js';
