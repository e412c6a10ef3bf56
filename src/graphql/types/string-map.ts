import { make, obj, str } from './json.js';
import { fields, opt, req, TableObjectType } from './field-table.js';

/** DataHub's StringMapEntry: one entry of a string map of an aspect (native parameters, results...). */
@TableObjectType()
export class StringMapEntry extends fields({
  key: req(String),
  value: opt(String),
}) {}

/** The entries of a stored string map; undefined when the aspect has no map there. */
export const stringMap = (v: unknown): StringMapEntry[] | undefined => {
  const m = obj(v);
  return m && Object.entries(m).map(([key, value]) => make(StringMapEntry, { key, value: str(value) }));
};
