import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { actionRoutes, bool, requiredString, writeContext } from './context.js';

/**
 * `/test` (DataHub's metadata test resource): evaluate the tests that apply to an entity; and neohub's
 * `evaluateAll`, a task that evaluates tests over the whole catalog (its id, for `getEsTaskStatus`). The
 * tests to evaluate are `testUrns` and whether to keep the results `shouldPush`, as DataHub documents
 * them, or `tests` and `push`, as its service reads them.
 */
export function testRoutes(app: FastifyInstance, s: Services): void {
  actionRoutes(app, '/test', {
    evaluate: (b, req) =>
      s.tests.evaluate(
        {
          urn: requiredString(b, 'urn'),
          tests: testUrns(b),
          push:
            b.shouldPush !== undefined
              ? bool(b.shouldPush, 'shouldPush', false)
              : bool(b.push, 'push', false),
        },
        writeContext(req),
      ),
    evaluateAll: (b) => s.tests.evaluateAll({ tests: testUrns(b) }),
  });
}

/** The optional list of test URNs of a request: `testUrns` (DataHub's documented name) or `tests`. */
function testUrns(b: Record<string, unknown>): string[] | undefined {
  const name = b.testUrns !== undefined && b.testUrns !== null ? 'testUrns' : 'tests';
  const tests = b[name];
  if (tests === undefined || tests === null) return undefined;
  if (!Array.isArray(tests) || !tests.every((t): t is string => typeof t === 'string'))
    throw new BadRequestError(`Parameter '${name}' must be a list of test URNs`);
  return tests;
}
