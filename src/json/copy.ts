import { setOwn, type Json } from './own.js';

/**
 * A deep copy of plain JSON data (what `JSON.parse` gives), made with a stack of its own rather than
 * recursion, so that a value of any depth is copied without overflowing the call stack (V8's
 * `structuredClone` overflows below 2,000 levels). Members are own enumerable properties, written with
 * define semantics like every client key (`setOwn`).
 */
export function copyJson<T extends Json>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const pending: { readonly from: object; readonly to: object }[] = [];
  const shell = (v: Json): Json => {
    if (typeof v !== 'object' || v === null) return v;
    const to = Array.isArray(v) ? [] : {};
    pending.push({ from: v, to });
    return to;
  };
  const root = shell(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { from, to } = next;
    if (Array.isArray(from)) for (const item of from as Json[]) (to as Json[]).push(shell(item));
    else for (const [k, v] of Object.entries(from)) setOwn(to, k, shell(v));
  }
  return root as T;
}
