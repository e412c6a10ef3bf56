import { BadRequestError } from '../../src/errors/index.js';
import { criterionValues, type Criterion, type SearchField } from '../model/index.js';
import { attr, reversed, reversedAttr } from './documents.js';

const TOP_LEVEL: Record<string, string> = { urn: 'urn', entityType: 'entityType', _entityType: 'entityType' };
const NUMERIC = new Set(['COUNT', 'DATETIME', 'DOUBLE']);

/** A Meilisearch filter string literal: always double-quoted, quotes and backslashes escaped. */
export const literal = (v: string): string => `"${v.replace(/[\\"]/g, '\\$&')}"`;

/**
 * Filter criteria as a Meilisearch filter expression. Field names are checked against the registry's
 * index fields and values are always quoted literals, so user input cannot change the expression.
 * CONTAIN and START_WITH use Meilisearch's `containsFilter` operators; END_WITH, which Meilisearch
 * lacks, is a STARTS WITH over the reversed companion of the field (`reversedAttr`).
 */
export function meiliFilter(
  groups: readonly (readonly Criterion[])[],
  fields: ReadonlyMap<string, SearchField>,
): string | undefined {
  if (!groups.length) return undefined;
  const one = (c: Criterion): string => {
    const name = c.field.replace(/\.keyword$/, '');
    const top = Object.hasOwn(TOP_LEVEL, name) ? TOP_LEVEL[name] : undefined;
    const field = fields.get(name);
    if (!top && !field) throw new BadRequestError(`Unknown filter field "${c.field}"`);
    const a = top ?? attr(name);
    const raw = criterionValues(c).map(String);
    const numeric = field !== undefined && NUMERIC.has(field.type);
    const value = (v: string): string => {
      if (numeric) {
        if (Number.isNaN(Number(v)))
          throw new BadRequestError(`Filter value "${v}" of ${c.field} is not a number`);
        return String(Number(v));
      }
      return field?.type === 'BOOLEAN' ? String(v === 'true') : literal(v);
    };
    const any = (op: (v: string) => string): string => {
      if (!raw.length) throw new BadRequestError(`Filter on ${c.field} needs a value`);
      return raw.length === 1 ? op(raw[0] as string) : `(${raw.map(op).join(' OR ')})`;
    };
    let expr: string;
    switch (c.condition ?? 'EQUAL') {
      case 'EQUAL':
      case 'IN':
      case 'IEQUAL': {
        if (!raw.length) throw new BadRequestError(`Filter on ${c.field} needs a value`);
        // `platform:hive` means any URN whose id is `hive` (as on the embedded index): a suffix, which is a
        // prefix of the reversed companion.
        const ids = field?.type === 'URN' ? raw.filter((v) => !v.startsWith('urn:')) : [];
        const exact = `${a} IN [${raw.map(value).join(', ')}]`;
        expr = ids.length
          ? `(${[exact, ...ids.map((v) => `${reversedAttr(name)} STARTS WITH ${literal(reversed(`:${v}`))}`)].join(' OR ')})`
          : exact;
        break;
      }
      case 'CONTAIN':
        expr = any((v) => `${a} CONTAINS ${literal(v)}`);
        break;
      case 'START_WITH':
        expr = any((v) => `${a} STARTS WITH ${literal(v)}`);
        break;
      case 'GREATER_THAN':
        expr = any((v) => `${a} > ${value(v)}`);
        break;
      case 'GREATER_THAN_OR_EQUAL_TO':
        expr = any((v) => `${a} >= ${value(v)}`);
        break;
      case 'LESS_THAN':
        expr = any((v) => `${a} < ${value(v)}`);
        break;
      case 'LESS_THAN_OR_EQUAL_TO':
        expr = any((v) => `${a} <= ${value(v)}`);
        break;
      case 'EXISTS':
        expr = `(${a} EXISTS AND NOT ${a} IS EMPTY)`;
        break;
      case 'IS_NULL':
        expr = `(${a} NOT EXISTS OR ${a} IS EMPTY)`;
        break;
      case 'END_WITH':
        if (top || numeric || field?.type === 'BOOLEAN')
          throw new BadRequestError(`END_WITH needs a text field; ${c.field} is not one`);
        expr = any((v) => `${reversedAttr(name)} STARTS WITH ${literal(reversed(v))}`);
        break;
      default:
        throw new BadRequestError(`Unsupported filter condition ${c.condition}`);
    }
    return c.negated ? `NOT (${expr})` : `(${expr})`;
  };
  // An empty conjunction matches everything: Meilisearch has no `true`, so the filter is then dropped.
  if (groups.some((and) => !and.length)) return undefined;
  return `(${groups.map((and) => `(${and.map(one).join(' AND ')})`).join(' OR ')})`;
}
