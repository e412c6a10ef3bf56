import { ValidationError, type Violation } from '../../errors/index.js';
import { compileUserRegex, type UserRegex } from './user-regex.js';
import { parseJson } from '../../json/index.js';

/**
 * DataHub's metadata test definitions: `{on: {types, match|conditions}, rules}`. A rule is a list (all
 * of it), `{and: [...]}`, `{or: [...]}`, `{not: rule}`, or a predicate `{query|property,
 * operation|operator|condition, params: {values|value} (or values|value inline), negate?}`; any rule may
 * carry `negate: true`. Every DataHub spelling is read (`{"query", "condition": "EQUALS", "values"}` too).
 */
/** DataHub's operations, each with whether it compares with given values (or looks at the values alone). */
const TAKES_VALUES = {
  equals: true,
  exists: false,
  contains_any: true,
  contains_str: true,
  starts_with: true,
  regex_match: true,
  greater_than: true,
  less_than: true,
  is_true: false,
  is_false: false,
} as const;
export type Operation = keyof typeof TAKES_VALUES;
/** Other names of the operations: DataHub's search conditions (`EQUAL`, `START_WITH`, `CONTAIN`), in any case. */
const CONDITION_ALIASES: Readonly<Record<string, Operation>> = {
  equal: 'equals',
  start_with: 'starts_with',
  contain: 'contains_str',
};
export const OPERATIONS = Object.keys(TAKES_VALUES) as Operation[];

export type Rule =
  | { readonly kind: 'and' | 'or'; readonly rules: readonly Rule[]; readonly negate: boolean }
  | { readonly kind: 'not'; readonly rule: Rule; readonly negate: boolean }
  | Predicate;
export interface Predicate {
  readonly kind: 'predicate';
  readonly query: string;
  readonly operation: Operation;
  readonly values: readonly string[];
  readonly negate: boolean;
  /** `regex_match`'s values compiled (RE2: linear time); empty for the other operations. */
  readonly regexes: readonly UserRegex[];
  /** Where it is in the definition (a JSON pointer), for errors. */
  readonly at: string;
}
export interface TestDefinition {
  readonly types: readonly string[];
  readonly match?: Rule;
  readonly rules: Rule;
}

/** Most regexes one definition may give (each compiles in up to tens of ms, where it is written). */
const MAX_REGEXES = 32;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** Reads a definition's JSON text; every problem is a violation naming its place. */
export function parseDefinition(json: string): TestDefinition {
  const problems: Violation[] = [];
  let patterns = 0;
  const fail = (path: string, message: string): never => {
    problems.push({ path, message });
    throw new ValidationError(`Invalid test definition at ${path || '/'}: ${message}`, problems);
  };
  let raw: unknown;
  try {
    raw = parseJson(json, 'test definition');
  } catch (err) {
    return fail('', `not JSON (${(err as Error).message})`);
  }
  if (!isObj(raw)) return fail('', 'must be an object with on and rules');
  const on = own(raw, 'on');
  if (!isObj(on)) return fail('/on', 'required: an object with types');
  const types = own(on, 'types');
  if (!Array.isArray(types) || !types.length || !types.every((t) => typeof t === 'string' && t))
    return fail('/on/types', 'required: a non-empty list of entity kinds');
  const matchAt = own(on, 'conditions') !== undefined ? 'conditions' : 'match';
  const match = own(on, matchAt);
  if (!Object.hasOwn(raw, 'rules')) return fail('/rules', 'required');
  const rule = (v: unknown, at: string): Rule => {
    const negate =
      isObj(v) && own(v, 'negate') !== undefined ? flag(own(v, 'negate'), `${at}/negate`) : false;
    if (Array.isArray(v))
      return { kind: 'and', rules: v.map((r, i) => rule(r, `${at}/${i}`)), negate: false };
    if (!isObj(v)) return fail(at, 'a rule is a list, an object with and, or, not, or a predicate');
    for (const kind of ['and', 'or'] as const) {
      const list = own(v, kind);
      if (list === undefined) continue;
      if (!Array.isArray(list)) return fail(`${at}/${kind}`, 'must be a list of rules');
      return { kind, rules: list.map((r, i) => rule(r, `${at}/${kind}/${i}`)), negate };
    }
    if (own(v, 'not') !== undefined) return { kind: 'not', rule: rule(own(v, 'not'), `${at}/not`), negate };
    return predicate(v, at, negate);
  };
  const flag = (v: unknown, at: string): boolean =>
    typeof v === 'boolean' ? v : fail(at, 'must be true or false');
  const predicate = (v: Obj, at: string, negate: boolean): Predicate => {
    const queryKey = own(v, 'property') !== undefined ? 'property' : 'query';
    const query = own(v, queryKey);
    if (typeof query !== 'string' || !query) return fail(`${at}/${queryKey}`, 'required: a dotted path');
    const opKey = (['operator', 'condition'] as const).find((k) => own(v, k) !== undefined) ?? 'operation';
    const opRaw = own(v, opKey);
    const lower = typeof opRaw === 'string' ? opRaw.toLowerCase() : undefined;
    const op = lower === undefined ? undefined : (CONDITION_ALIASES[lower] ?? lower);
    const operation = OPERATIONS.find((o) => o === op);
    if (!operation)
      return fail(
        `${at}/${opKey}`,
        `unknown operation ${JSON.stringify(opRaw)}: one of ${OPERATIONS.join(', ')}`,
      );
    const params = own(v, 'params');
    if (params !== undefined && !isObj(params)) return fail(`${at}/params`, 'must be an object');
    const from = params ?? v;
    const base = params ? `${at}/params` : at;
    const given =
      own(from, 'values') !== undefined ? 'values' : own(from, 'value') !== undefined ? 'value' : undefined;
    let values: string[] = [];
    if (given) {
      const g = own(from, given);
      const list = given === 'values' ? g : [g];
      if (!Array.isArray(list) || !list.every((x) => ['string', 'number', 'boolean'].includes(typeof x)))
        return fail(
          `${base}/${given}`,
          given === 'values' ? 'must be a list of strings' : 'must be a string',
        );
      values = list.map(String);
    }
    if (TAKES_VALUES[operation] && !values.length)
      return fail(`${base}/values`, `${operation} needs values (params.values or params.value)`);
    if (operation === 'greater_than' || operation === 'less_than')
      values.forEach((x, i) => {
        if (!Number.isFinite(Number(x)) || x.trim() === '')
          fail(
            `${base}/${given ?? 'values'}${given === 'values' ? `/${i}` : ''}`,
            `${operation} compares numbers, got ${JSON.stringify(x)}`,
          );
      });
    const regexes: UserRegex[] = [];
    if (operation === 'regex_match')
      values.forEach((x, i) => {
        const spot = `${base}/${given ?? 'values'}${given === 'values' ? `/${i}` : ''}`;
        if (++patterns > MAX_REGEXES) fail(spot, `at most ${MAX_REGEXES} regexes in a definition`);
        const compiled = compileUserRegex(x);
        regexes.push('problem' in compiled ? fail(spot, compiled.problem) : compiled);
      });
    return { kind: 'predicate', query, operation, values, negate, regexes, at: `${at}/${queryKey}` };
  };
  const rules = rule(own(raw, 'rules'), '/rules');
  return {
    types: types as string[],
    ...(match !== undefined ? { match: rule(match, `/on/${matchAt}`) } : {}),
    rules,
  };
}

/** Every predicate of a rule, in order. */
export function predicatesOf(rule: Rule | undefined): Predicate[] {
  if (!rule) return [];
  if (rule.kind === 'predicate') return [rule];
  if (rule.kind === 'not') return predicatesOf(rule.rule);
  return rule.rules.flatMap(predicatesOf);
}
