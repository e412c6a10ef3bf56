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
