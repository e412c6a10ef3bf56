/**
 * neohub's CLI for metadata tests (issue 20): `tests run` evaluates tests over the catalog as a task and
 * follows its progress; `tests evaluate` prints what passes and fails on one entity.
 */
import { describe, expect, it } from 'vitest';
import { useCliSuite } from '../support/cli.js';
import { post } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';

const suite = useCliSuite();

describe('neohub tests', () => {
  it('runs a test over the catalog and evaluates an entity', async () => {
    const u = unique();
    const [kept, lost] = [datasetUrn(`cli_tests_${u}_kept`), datasetUrn(`cli_tests_${u}_lost`)];
    const test = `urn:li:test:cli_${u}`;
    const definition = {
      on: {
        types: ['dataset'],
        match: [{ query: 'urn', operation: 'contains_str', params: { value: `cli_tests_${u}` } }],
      },
      rules: [{ query: 'datasetProperties.description', operation: 'exists' }],
    };
    const res = await post(suite.rt().url, '/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(kept, 'datasetProperties', { description: 'kept' }),
        mcp(lost, 'datasetProperties', { name: 'lost' }),
        mcp(test, 'testInfo', {
          name: 'described',
          category: 'c',
          definition: { type: 'JSON', json: JSON.stringify(definition) },
        }),
      ],
    });
    expect(res.status).toBe(200);
    const run = await suite.cli('tests', 'run', '--urn', test);
    expect(run.code, run.err.join('\n')).toBe(0);
    const done = /^Done: (\d+) entities evaluated, (\d+) results changed$/.exec(run.out.at(-1) ?? '');
    expect(Number(done?.[1])).toBeGreaterThanOrEqual(2);
    expect(Number(done?.[2])).toBeGreaterThanOrEqual(0);
    const passing = await suite.cli('tests', 'evaluate', '--urn', kept);
    expect(passing.out).toContain(`PASS  ${test}`);
    const failing = await suite.cli('tests', 'evaluate', '--urn', lost);
    expect(failing.out).toContain(`FAIL  ${test}`);
    const usage = await suite.cli('tests', 'evaluate');
    expect(usage.code).not.toBe(0);
    expect(usage.err.join('\n')).toContain('tests evaluate needs --urn');
  });
});
