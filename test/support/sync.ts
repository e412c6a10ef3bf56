import { followerLease, type SyncStateStore } from '../../src/store/index.js';
import { unique } from './runtime.js';

/**
 * A sync checkpoint (and so a lease) of a test's own, started at the head of the change log: the worker
 * under test syncs only what the test writes, and no neohub running on the same database contends for it.
 */
export async function checkpointAtHead(state: SyncStateStore, prefix: string): Promise<string> {
  const name = `${prefix}-${unique()}`;
  const setup = await state.claim(followerLease(name), 'setup', 60_000);
  if (!setup) throw new Error(`lease of ${name} not free`);
  await state.moveCheckpoint(name, await state.head(), setup);
  await state.release(setup);
  return name;
}
