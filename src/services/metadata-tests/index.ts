export {
  MetadataTestsService,
  type EvaluateRequest,
  type TestInput,
  type TestView,
} from './tests-service.js';
export { TestEvaluator, type TestResult, type TestResults } from './evaluator.js';
export { checkTestInfo, compileTest } from './compiled-test.js';
export { OPERATIONS, parseDefinition } from './definition.js';
export { SWEEP_TASK } from './sweep.js';
export { TestResultsWorker } from './results-worker.js';
