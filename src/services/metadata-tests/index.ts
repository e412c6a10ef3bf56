export {
  MetadataTestsService,
  type EvaluateRequest,
  type TestInput,
  type TestView,
  type TestResult,
  type TestResults,
} from './tests-service.js';
export { checkTestInfo, compileTest } from './compiled-test.js';
export { OPERATIONS, parseDefinition } from './definition.js';
