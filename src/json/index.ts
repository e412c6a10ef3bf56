export {
  PROTOTYPE_KEYS,
  getOwn,
  isJsonObject,
  isPrototypeKey,
  lookup,
  setOwn,
  type Json,
  type JsonObject,
} from './own.js';
export {
  MAX_JSON_DEPTH,
  JsonDepthError,
  checkDepth,
  parseJson,
  textNestsDeeper,
  valueNestsDeeper,
} from './depth.js';
export { copyJson } from './copy.js';
export { RawJson, stringifyWithRaw } from './raw-json.js';
