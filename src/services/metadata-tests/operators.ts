import { deadlineIn, NO_DEADLINE, NotEvaluable, type Deadline } from './budget.js';
import type { CompiledTest } from './compiled-test.js';
import type { Operation, Predicate, Rule } from './definition.js';

/**
 * DataHub's operations over the values a query reached (as strings: URNs, texts, numbers, booleans)
 * and the values a predicate gives: true when any reached value qualifies. Each reached value is one
 * step of the deadline; `regex_match` runs the predicate's patterns, compiled with RE2 (user-regex.ts).
 */
type Operator = (got: readonly string[], p: Predicate, d: Deadline) => boolean;
/** Whether some reached value qualifies, the deadline checked before each. */
const anyOf = (got: readonly string[], d: Deadline, qualifies: (v: string) => boolean): boolean =>
  got.some((v) => {
    d.check();
    return qualifies(v);
  });
const OPERATORS: Readonly<Record<Operation, Operator>> = {
  equals: (got, p, d) => anyOf(got, d, (v) => p.values.includes(v)),
  contains_any: (got, p, d) => anyOf(got, d, (v) => p.values.includes(v)),
  contains_str: (got, p, d) => anyOf(got, d, (v) => p.values.some((g) => v.includes(g))),
  starts_with: (got, p, d) => anyOf(got, d, (v) => p.values.some((g) => v.startsWith(g))),
  regex_match: (got, p, d) =>
    anyOf(got, d, (v) =>
      p.regexes.some((r) => {
        d.check();
        return r.matches(v);
      }),
    ),
  greater_than: (got, p, d) =>
    anyOf(got, d, (v) => p.values.some((g) => numeric(v) && Number(v) > Number(g))),
  less_than: (got, p, d) => anyOf(got, d, (v) => p.values.some((g) => numeric(v) && Number(v) < Number(g))),
  exists: (got) => got.some((v) => v !== ''),
  is_true: (got) => got.length > 0 && !got.every((v) => v === '' || v.toLowerCase() === 'false'),
  is_false: (got) =>
    !got.length || got.some((v) => v.toLowerCase() === 'false') || got.every((v) => v === ''),
};
const numeric = (v: string): boolean => v.trim() !== '' && Number.isFinite(Number(v));

/**
 * Whether `rule` holds, given the values each predicate's query reached; `deadline` is checked before
 * each value is compared (a `NotEvaluable` once past it).
 */
export function holds(
  rule: Rule,
  valuesOf: (p: Predicate) => readonly string[],
  deadline: Deadline = NO_DEADLINE,
): boolean {
  const result = ((): boolean => {
    switch (rule.kind) {
      case 'and':
        return rule.rules.every((r) => holds(r, valuesOf, deadline));
      case 'or':
        return rule.rules.some((r) => holds(r, valuesOf, deadline));
      case 'not':
        return !holds(rule.rule, valuesOf, deadline);
      case 'predicate':
        deadline.check();
        return OPERATORS[rule.operation](valuesOf(rule), rule, deadline);
    }
  })();
  return rule.negate ? !result : result;
}

/**
 * A test judged on one entity within `budgetMs`: it does not apply (its `on.match` does not hold), it
 * passes or fails (its `rules`), or it could not be judged (over its budget, a value too long for a
 * regex): an error, with why.
 */
export function judge(
  test: CompiledTest,
  valuesOf: (p: Predicate) => readonly string[],
  budgetMs: number,
): 'skip' | 'pass' | 'fail' | { readonly error: string } {
  const deadline = deadlineIn(budgetMs);
  try {
    if (test.definition.match && !holds(test.definition.match, valuesOf, deadline)) return 'skip';
    return holds(test.definition.rules, valuesOf, deadline) ? 'pass' : 'fail';
  } catch (err) {
    if (err instanceof NotEvaluable) return { error: err.message };
    throw err;
  }
}

/** A reached value as the operations see it: text as is, anything else as JSON. */
export const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
