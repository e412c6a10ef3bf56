import { getOwn } from '../../src/json/index.js';
import { BadRequestError } from '../../src/errors/index.js';

/** A filter as DataHub clients send it: `{or: [{and: [criterion...]}]}` or the legacy `{criteria: [...]}`. */
export interface Criterion {
  readonly field: string;
  readonly value?: string;
  readonly values?: readonly string[];
  readonly condition?: string;
  readonly negated?: boolean;
}
export interface Filter {
  readonly or?: readonly { readonly and: readonly Criterion[] }[];
  readonly criteria?: readonly Criterion[];
}

export const CONDITIONS = [
  'EQUAL',
  'IEQUAL',
  'CONTAIN',
  'START_WITH',
  'END_WITH',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'IN',
  'EXISTS',
  'IS_NULL',
] as const;

/** Normalizes a filter to a list of conjunctions, checking its shape (400 when malformed). */
export function conjunctions(filter: unknown): Criterion[][] {
  if (filter === undefined || filter === null) return [];
  if (typeof filter !== 'object' || Array.isArray(filter))
    throw new BadRequestError('filter must be an object');
  const f = filter as Filter;
  if (f.or !== undefined && f.or !== null && !Array.isArray(f.or))
    throw new BadRequestError('filter.or must be a list of {and: [...]}');
  if (f.criteria !== undefined && f.criteria !== null && !Array.isArray(f.criteria))
    throw new BadRequestError('filter.criteria must be a list of criteria');
  const groups = f.or
    ? f.or.map((g) => (g && typeof g === 'object' ? (g.and ?? []) : g))
    : f.criteria
      ? [f.criteria]
      : [];
  for (const g of groups) {
    if (!Array.isArray(g)) throw new BadRequestError('filter.or[].and must be a list of criteria');
    for (const c of g) {
      if (!c || typeof c.field !== 'string')
        throw new BadRequestError('every filter criterion needs a string field');
      const cond = c.condition ?? 'EQUAL';
      if (!(CONDITIONS as readonly string[]).includes(cond))
        throw new BadRequestError(`Unsupported filter condition ${cond}`);
    }
  }
  return groups as Criterion[][];
}

function valuesAt(doc: unknown, field: string): unknown[] {
  let cur: unknown[] = [doc];
  for (const part of field.split('.')) {
    cur = cur
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((v) => (v && typeof v === 'object' ? [getOwn(v, part)] : []));
  }
  return cur.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

function test(actual: unknown, expected: string, condition: string): boolean {
  const a = typeof actual === 'object' ? JSON.stringify(actual) : String(actual);
  const num = (x: string): number => Number(x);
  switch (condition) {
    case 'EQUAL':
    case 'IN':
      return a === expected;
    case 'IEQUAL':
      return a.toLowerCase() === expected.toLowerCase();
    case 'CONTAIN':
      return a.includes(expected);
    case 'START_WITH':
      return a.startsWith(expected);
    case 'END_WITH':
      return a.endsWith(expected);
    case 'GREATER_THAN':
      return num(a) > num(expected);
    case 'GREATER_THAN_OR_EQUAL_TO':
      return num(a) >= num(expected);
    case 'LESS_THAN':
      return num(a) < num(expected);
    case 'LESS_THAN_OR_EQUAL_TO':
      return num(a) <= num(expected);
    default:
      return false;
  }
}

/** Whether a JSON document matches the filter (fields are dotted paths into the document). */
export function matches(doc: unknown, groups: readonly (readonly Criterion[])[]): boolean {
  if (!groups.length) return true;
  return groups.some((and) =>
    and.every((c) => {
      const cond = c.condition ?? 'EQUAL';
      const found = valuesAt(doc, c.field);
      const expected = criterionValues(c);
      let ok: boolean;
      if (cond === 'EXISTS') ok = found.length > 0;
      else if (cond === 'IS_NULL') ok = found.length === 0;
      else ok = found.some((v) => expected.some((e) => test(v, String(e), cond)));
      return c.negated ? !ok : ok;
    }),
  );
}

/** A criterion's values as a list of scalars (`values`, else `value`); 400 for anything else. */
export function criterionValues(c: Criterion): (string | number | boolean)[] {
  const raw: unknown = c.values ?? (c.value !== undefined ? [c.value] : []);
  const scalar = (v: unknown): v is string | number | boolean =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  if (!Array.isArray(raw) || !raw.every(scalar))
    throw new BadRequestError(`Filter values of "${String(c.field)}" must be a list of strings`);
  return raw;
}
