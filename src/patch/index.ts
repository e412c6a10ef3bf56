export {
  applyPatch,
  readPatchBody,
  parsePointer,
  type PatchBody,
  type PatchOperation,
} from './apply-patch.js';
export type { KeyedArraySpec } from './keyed-arrays.js';
export { keyedArraysFor, patchAspect } from './templates.js';
export { defaultRecord, SYSTEM_ACTOR } from './defaults.js';
