import type { Registry } from '../../registry/index.js';
import type { WriteHook } from '../write-hooks.js';
import { checkTestInfo } from './compiled-test.js';

/** The write hook that refuses a metadata test whose definition does not compile against the registry. */
export function testDefinitionCheck(registry: Registry): WriteHook {
  return {
    name: 'metadata-test definitions',
    check({ aspect, value }) {
      if (aspect === 'testInfo') checkTestInfo(registry, value);
    },
  };
}
