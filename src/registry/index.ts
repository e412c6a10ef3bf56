import { ASPECTS } from './aspects/index.js';
import { ENTITIES } from './entities.js';
import { Registry } from './registry.js';

export { Registry, validateRecord } from './registry.js';
export type * from './types.js';
export * as schema from './schema.js';
export { TIME_WINDOW, timeProblem } from './schema.js';
export { valuesAtPath } from './paths.js';

let instance: Registry | undefined;

/** The registry built from neohub's declarations (once). */
export function defaultRegistry(): Registry {
  instance ??= new Registry(ASPECTS, ENTITIES);
  return instance;
}
