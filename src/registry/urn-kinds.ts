import type { Violation } from '../errors/index.js';
import { entityTypeOf } from '../urn/index.js';
import type { AspectSpec } from './types.js';
import { escape, wrongKind } from './validate.js';

/**
 * The URNs of a (validated) aspect value that sit where the model's relationship annotations allow
 * other kinds only (`upstreams/*\/dataset`: datasets; `owners/*\/owner`: users and groups), each as a
 * violation at its own path (`/upstreams/0/dataset`). DataHub's service refuses such a value; the kinds
 * come from the aspect's `urnKinds` (the model's annotations, never the overlay's additions).
 */
export function urnKindViolations(aspect: AspectSpec, value: unknown, pathPrefix = ''): Violation[] {
  const out: Violation[] = [];
  for (const rule of aspect.urnKinds ?? []) {
    walk(value, rule.path.split('/').filter(Boolean), 0, pathPrefix, (at, v) => {
      if (typeof v !== 'string') return;
      const kind = entityTypeOf(v);
      if (kind !== undefined && !rule.entityTypes.includes(kind))
        out.push({ path: at, message: wrongKind(rule.entityTypes, kind, v) });
    });
  }
  return out;
}

/** Visits what a path reaches, with its JSON pointer; `*` steps into array elements or map values. */
function walk(
  value: unknown,
  segments: readonly string[],
  at: number,
  pointer: string,
  visit: (pointer: string, v: unknown) => void,
): void {
  if (Array.isArray(value)) {
    // An array met where the path names a field is walked through, as edges are extracted.
    const next = segments[at] === '*' ? at + 1 : at;
    value.forEach((v, i) => walk(v, segments, next, `${pointer}/${i}`, visit));
    return;
  }
  if (at === segments.length) return visit(pointer, value);
  if (value === null || typeof value !== 'object') return;
  const head = segments[at] as string;
  const obj = value as Record<string, unknown>;
  if (head !== '*') {
    if (Object.hasOwn(obj, head)) walk(obj[head], segments, at + 1, `${pointer}/${escape(head)}`, visit);
    return;
  }
  for (const [k, v] of Object.entries(obj)) walk(v, segments, at + 1, `${pointer}/${escape(k)}`, visit);
}
