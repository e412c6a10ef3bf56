import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/http.js';
import { eventually, startNeohub, type NeohubProcess } from '../support/processes.js';
import { datasetUrn, enc, unique } from '../support/runtime.js';

/**
 * `LOG_LEVEL` end to end (issue 40): neohub run as `npm start` runs it, its output read as an operator
 * reads it. At `warn` an answered request is not logged, a refused one is (with its route and status);
 * at `silent` nothing at all is written.
 */
let warn: NeohubProcess | undefined;
let silent: NeohubProcess | undefined;
beforeAll(async () => {
  // One after the other: a first start writes the home folder's secrets, which the second then reads.
  warn = await startNeohub({ NEOHUB_AUTH: 'off', LOG_LEVEL: 'warn' }, { timeoutMs: 110_000 });
  silent = await startNeohub({ NEOHUB_AUTH: 'off', LOG_LEVEL: 'silent' }, { timeoutMs: 110_000 });
}, 240_000);
afterAll(async () => {
  await Promise.all([warn?.stop(), silent?.stop()]);
});

/** The JSON lines a process wrote (anything else it printed is kept as text). */
const linesOf = (p: NeohubProcess): Record<string, any>[] =>
  p
    .output()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, any>;
      } catch {
        return { text: l };
      }
    });

/** A 200 (the settings), then a 404 (a dataset that does not exist). */
async function okThenMissing(p: NeohubProcess): Promise<void> {
  expect((await request('GET', `${p.base}/config`)).status).toBe(200);
  const urn = datasetUrn(`loglevel_${unique()}`);
  expect((await request('GET', `${p.base}/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
}

describe('LOG_LEVEL', () => {
  it('at warn, logs a refused request and not an answered one', async () => {
    const p = warn as NeohubProcess;
    await okThenMissing(p);
    const refused = (l: Record<string, any>) => l.status === 404 && /^\/openapi\/v3\/entity\//.test(l.route);
    // A request's line is written once it is answered: the 404's comes after the 200 would have.
    expect(await eventually(async () => linesOf(p).some(refused), 10_000, 50)).toBe(true);
    expect(linesOf(p).find(refused)).toMatchObject({ level: 40, method: 'GET', msg: 'request refused' });
    expect(linesOf(p).filter((l) => l.route === '/config')).toEqual([]);
    // Nothing below warn at all (no start-up lines either).
    expect(linesOf(p).filter((l) => typeof l.level === 'number' && l.level < 40)).toEqual([]);
  });

  it('at silent, writes nothing', async () => {
    const p = silent as NeohubProcess;
    await okThenMissing(p);
    await p.stop(); // every line it would write is written by its exit
    expect(p.output()).toBe('');
  });
});
