export { applyPatch, readPatchBody, parsePointer, type PatchOperation } from './apply-patch.js';
export type { KeyedArraySpec } from './keyed-arrays.js';
export { keyedArraysFor } from './templates.js';
