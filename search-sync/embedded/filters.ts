import { BadRequestError } from '../../src/errors/index.js';
import { criterionValues, type Criterion, type SearchField } from '../model/index.js';
import { listProp } from './fields.js';

const TOP_LEVEL: Record<string, string> = { urn: 'urn', entityType: 'entityType', _entityType: 'entityType' };
const NUMERIC = new Set(['COUNT', 'DATETIME', 'DOUBLE']);

/** The other conditions: how a value `v` of the field compares with a value `x` of the criterion. */
const COMPARISONS: Readonly<Record<string, string>> = {
  IEQUAL: 'toLower(toString(v)) = toLower(x)',
  CONTAIN: 'toString(v) CONTAINS x',
  START_WITH: 'toString(v) STARTS WITH x',
  END_WITH: 'toString(v) ENDS WITH x',
  GREATER_THAN: 'v > x',
  GREATER_THAN_OR_EQUAL_TO: 'v >= x',
  LESS_THAN: 'v < x',
  LESS_THAN_OR_EQUAL_TO: 'v <= x',
};

/**
 * Turns filter criteria into one Cypher predicate over `d` with parameters. Field names are checked
 * against the registry's index fields; values are always parameters.
 */
export function filterPredicate(
  groups: readonly (readonly Criterion[])[],
  fields: ReadonlyMap<string, SearchField>,
  params: Record<string, unknown>,
): string {
  if (!groups.length) return 'true';
  let n = 0;
  const one = (c: Criterion): string => {
    const name = c.field.replace(/\.keyword$/, '');
    const top = Object.hasOwn(TOP_LEVEL, name) ? TOP_LEVEL[name] : undefined;
    const field = fields.get(name);
    if (!top && !field) throw new BadRequestError(`Unknown filter field "${c.field}"`);
    const i = n++;
    const values = criterionValues(c).map(String);
    const numeric = field !== undefined && NUMERIC.has(field.type);
    const bool = field?.type === 'BOOLEAN';
    params[`fp${i}`] = top ? top : listProp(name);
    params[`fv${i}`] = numeric ? values.map(Number) : bool ? values.map((v) => v === 'true') : values;
    const list = top ? `[d[$fp${i}]]` : `coalesce(d[$fp${i}], [])`;
    const any = (pred: string): string => `any(v IN ${list} WHERE any(x IN $fv${i} WHERE ${pred}))`;
    const condition = c.condition ?? 'EQUAL';
    const exists = `size(${list}) > 0 AND ${list}[0] IS NOT NULL`;
    let expr: string;
    if (condition === 'EQUAL' || condition === 'IN')
      expr = field?.type === 'URN' ? any("v = x OR v ENDS WITH ':' + x") : any('v = x');
    else if (condition === 'EXISTS') expr = exists;
    else if (condition === 'IS_NULL') expr = `NOT (${exists})`;
    else if (Object.hasOwn(COMPARISONS, condition)) expr = any(COMPARISONS[condition] as string);
    else throw new BadRequestError(`Unsupported filter condition ${c.condition}`);
    return c.negated ? `NOT (${expr})` : `(${expr})`;
  };
  return `(${groups.map((and) => (and.length ? and.map(one).join(' AND ') : 'true')).join(' OR ')})`;
}
