import type { FieldValue, SearchField } from './document.js';

/** Index fields of structured-property values all start with this. */
export const SP_FIELD = 'structuredProperties.';
export const VERSIONED = `${SP_FIELD}_versioned.`;

export const isStructuredField = (name: string): boolean => name.startsWith(SP_FIELD);

export const underscored = (qualifiedName: string): string => qualifiedName.replace(/\./g, '_');

/** A field of the index for structured-property values: numbers compare as numbers; never full text. */
export function dynamicField(name: string, numeric: boolean): SearchField {
  return {
    name,
    type: numeric ? 'DOUBLE' : 'KEYWORD',
    queryByDefault: false,
    boost: 1,
    autocomplete: false,
    filterable: false,
  };
}

/** DataHub prints numeric facet values as Java doubles: `60.0`, `2.5`. */
export const doubleText = (v: string): string => {
  const n = Number(v);
  return Number.isFinite(n) && Number.isInteger(n) && !/[eE]/.test(String(n)) ? `${n}.0` : v;
};

/** The type an index field without a registry entry is stored as: numbers of structured properties stay numbers. */
export const structuredType = (name: string, values: readonly FieldValue[]): 'DOUBLE' | 'KEYWORD' =>
  isStructuredField(name) && values.length > 0 && values.every((v) => typeof v === 'number')
    ? 'DOUBLE'
    : 'KEYWORD';

/** The registry's fields with the extra ones of a query. */
export const withExtra = (
  fields: ReadonlyMap<string, SearchField>,
  extra: ReadonlyMap<string, SearchField> | undefined,
): ReadonlyMap<string, SearchField> => (extra?.size ? new Map([...fields, ...extra]) : fields);

/** The (entity type, structured-property field) pairs of some documents: what the index maps. */
export function mappingsOf(
  docs: readonly { readonly entityType: string; readonly fields: Readonly<Record<string, unknown>> }[],
): { entityType: string; field: string }[] {
  const out = new Map<string, { entityType: string; field: string }>();
  for (const d of docs)
    for (const field of Object.keys(d.fields))
      if (isStructuredField(field))
        out.set(`${d.entityType}\u0000${field}`, { entityType: d.entityType, field });
  return [...out.values()];
}
