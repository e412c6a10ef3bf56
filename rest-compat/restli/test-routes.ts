import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { actionRoutes, bool, requiredString, writeContext } from './context.js';

/** `/test` (DataHub's metadata test resource): evaluate the tests that apply to an entity. */
export function testRoutes(app: FastifyInstance, s: Services): void {
  actionRoutes(app, '/test', {
    evaluate: (b, req) => {
      const tests = b.tests;
      if (
        tests !== undefined &&
        tests !== null &&
        (!Array.isArray(tests) || !tests.every((t) => typeof t === 'string'))
      )
        throw new BadRequestError("Parameter 'tests' must be a list of test URNs");
      return s.tests.evaluate(
        {
          urn: requiredString(b, 'urn'),
          tests: tests ?? undefined,
          push: bool(b.push, 'push', false),
        },
        writeContext(req),
      );
    },
  });
}
