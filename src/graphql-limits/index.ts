export { measureOperation, type CostModel, type Size } from './measure.js';
export { checkLimits, queryLimits, type CostObserver, type GraphqlLimits } from './plugin.js';
export { selectsField } from './selection.js';
