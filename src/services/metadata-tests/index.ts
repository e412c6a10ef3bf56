export {
  MetadataTestsService,
  type EvaluateRequest,
  type TestInput,
  type TestView,
} from './tests-service.js';
export { TestEvaluator, type EvaluatorOptions, type TestResult, type TestResults } from './evaluator.js';
export { EVALUATION_BUDGET_MS } from './budget.js';
export { MAX_MATCHED_LENGTH, MAX_PATTERN_LENGTH } from './user-regex.js';
export { checkTestInfo, compileTest } from './compiled-test.js';
export { testDefinitionCheck } from './write-hook.js';
export { OPERATIONS, parseDefinition } from './definition.js';
export { SWEEP_TASK } from './sweep.js';
export { TestResultsWorker } from './results-worker.js';
