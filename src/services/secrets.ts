import { callerMay } from '../auth/index.js';
import { isJsonObject, setOwn, getOwn, type Json } from '../json/index.js';
import type { Registry } from '../registry/index.js';

/** What a non-Admin reads in place of a secret. */
export const REDACTED = '********';

type Aspect = { readonly name: string; readonly value: Record<string, unknown> };

/**
 * Aspect values as the caller may see them: the fields the registry marks secret (secret values,
 * credentials, invite tokens, connection blobs) are shown to Admins only; anyone else reads REDACTED
 * in their place, so that the record keeps its shape (and so does a read outside any scope).
 */
export function redactSecrets<A extends Aspect>(registry: Registry, aspects: readonly A[]): A[] {
  if (callerMay('admin')) return [...aspects];
  return aspects.map((a) => {
    const paths = registry.findAspect(a.name)?.secretPaths;
    if (!paths?.length) return a;
    const value = structuredClone(a.value);
    for (const p of paths) hide(value, p.split('/'));
    return { ...a, value };
  });
}

function hide(node: Json, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !isJsonObject(node)) return;
  const v = getOwn(node, head);
  if (v === undefined || v === null) return;
  if (rest.length === 0) setOwn(node, head, REDACTED);
  else hide(v, rest);
}
