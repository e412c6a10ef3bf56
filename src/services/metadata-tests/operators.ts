import type { Operation, Predicate, Rule } from './definition.js';

/**
 * DataHub's operations over the values a query reached (as strings: URNs, texts, numbers, booleans)
 * and the values a predicate gives: true when any reached value qualifies.
 */
const OPERATORS: Readonly<Record<Operation, (got: readonly string[], given: readonly string[]) => boolean>> =
  {
    equals: (got, given) => got.some((v) => given.includes(v)),
    contains_any: (got, given) => got.some((v) => given.includes(v)),
    contains_str: (got, given) => got.some((v) => given.some((g) => v.includes(g))),
    starts_with: (got, given) => got.some((v) => given.some((g) => v.startsWith(g))),
    regex_match: (got, given) => {
      const res = given.map((g) => new RegExp(`^(?:${g})$`, 'u'));
      return got.some((v) => res.some((r) => r.test(v)));
    },
    greater_than: (got, given) => got.some((v) => given.some((g) => numeric(v) && Number(v) > Number(g))),
    less_than: (got, given) => got.some((v) => given.some((g) => numeric(v) && Number(v) < Number(g))),
    exists: (got) => got.some((v) => v !== ''),
    is_true: (got) => got.length > 0 && !got.every((v) => v === '' || v.toLowerCase() === 'false'),
    is_false: (got) =>
      !got.length || got.some((v) => v.toLowerCase() === 'false') || got.every((v) => v === ''),
  };
const numeric = (v: string): boolean => v.trim() !== '' && Number.isFinite(Number(v));

/** Whether `rule` holds, given the values each predicate's query reached. */
export function holds(rule: Rule, valuesOf: (p: Predicate) => readonly string[]): boolean {
  const result = ((): boolean => {
    switch (rule.kind) {
      case 'and':
        return rule.rules.every((r) => holds(r, valuesOf));
      case 'or':
        return rule.rules.some((r) => holds(r, valuesOf));
      case 'not':
        return !holds(rule.rule, valuesOf);
      case 'predicate':
        return OPERATORS[rule.operation](valuesOf(rule), rule.values);
    }
  })();
  return rule.negate ? !result : result;
}

/** A reached value as the operations see it: text as is, anything else as JSON. */
export const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
