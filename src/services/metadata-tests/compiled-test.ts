import { ValidationError } from '../../errors/index.js';
import type { Registry } from '../../registry/index.js';
import { parseDefinition, predicatesOf, type Predicate, type TestDefinition } from './definition.js';
import { compilePath, type CompiledPath } from './paths.js';

/** A test ready to evaluate: its definition, and the compiled query of each predicate. */
export interface CompiledTest {
  readonly urn: string;
  readonly definition: TestDefinition;
  readonly paths: ReadonlyMap<Predicate, CompiledPath>;
}

/**
 * Compiles a definition's JSON against the registry: entity kinds it applies to (none that only Admins
 * see), and each predicate's query (no secret field, see paths.ts). Every problem is refused with the
 * spot it is at (a JSON pointer into the definition).
 */
export function compileTest(registry: Registry, urn: string, json: string): CompiledTest {
  const definition = parseDefinition(json);
  definition.types.forEach((t, i) => {
    const entity = registry.findEntity(t);
    // A kind only Admins see is no kind a test may apply to: its results would tell what it holds.
    const problem = !entity
      ? `unknown entity kind ${t}`
      : entity.hidden
        ? `entities of kind ${t} are seen by Admins only: a test may not apply to them`
        : undefined;
    if (problem)
      throw new ValidationError(`Invalid test definition at /on/types/${i}: ${problem}`, [
        { path: `/on/types/${i}`, message: problem },
      ]);
  });
  const paths = new Map<Predicate, CompiledPath>();
  for (const p of [...predicatesOf(definition.match), ...predicatesOf(definition.rules)])
    paths.set(p, compilePath(registry, definition.types, p.query, p.at));
  return { urn, definition, paths };
}

/** The definition JSON of a `testInfo` value (refused when it is not a JSON definition). */
export function definitionJson(testInfo: Record<string, unknown>): string {
  const d = testInfo.definition as { type?: unknown; json?: unknown } | undefined;
  if (d?.type !== 'JSON' || typeof d.json !== 'string')
    throw new ValidationError('A test definition must be of type JSON, with its json', [
      { path: '/definition/json', message: 'required: the definition, as JSON text' },
    ]);
  return d.json;
}

/** Checks a `testInfo` value before it is written: its definition, when it has one, must compile. */
export function checkTestInfo(registry: Registry, testInfo: Record<string, unknown>): void {
  // DataHub's model lets a definition go without its JSON: nothing to check, and nothing to evaluate.
  if ((testInfo.definition as { json?: unknown } | undefined)?.json === undefined) return;
  try {
    compileTest(registry, '', definitionJson(testInfo));
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(
      err.message.replace(/^Invalid test definition at \/?/, 'Invalid test definition at /definition/json/'),
      err.violations.map((v) => ({ ...v, path: `/definition/json${v.path === '/' ? '' : v.path}` })),
    );
  }
}
