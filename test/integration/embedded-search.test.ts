import { afterAll } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { createDriver, Executor } from '../../src/store/index.js';
import { createLogger } from '../../src/logger.js';
import { EmbeddedSearchIndex } from '../../search-sync/index.js';
import { graphTarget } from '../support/runtime.js';
import { searchIndexContract } from './search-index.contract.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());

searchIndexContract('embedded Neo4j full-text', async () => {
  const index = new EmbeddedSearchIndex(exec, defaultRegistry());
  await index.init();
  return index;
});
