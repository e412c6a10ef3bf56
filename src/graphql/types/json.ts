/** Small helpers to read aspect JSON without trusting its shape (a leaf module: no type imports). */
export type Json = Record<string, unknown>;
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
export const list = (v: unknown): Json[] =>
  Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object') : [];
export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
export const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
export const make = <T extends object>(cls: new () => T, fields: Partial<T>): T =>
  Object.assign(new cls(), fields);
