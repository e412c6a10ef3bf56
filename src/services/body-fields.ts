import { BadRequestError } from '../errors/index.js';

/**
 * The string fields of a JSON object body (sign-in bodies): 400 for another body, a missing required
 * field (`missing` says how) or a field that is not a string. Empty strings count as missing.
 */
export function bodyFields(
  raw: unknown,
  required: readonly string[],
  optional: readonly string[] = [],
  missing: (name: string) => string = (name) => `Missing field ${name}`,
): Record<string, string | undefined> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new BadRequestError('The body must be a JSON object');
  const out: Record<string, string | undefined> = {};
  for (const name of [...required, ...optional]) {
    const v = (raw as Record<string, unknown>)[name];
    if (v === undefined || v === null || v === '') {
      if (required.includes(name)) throw new BadRequestError(missing(name));
      continue;
    }
    if (typeof v !== 'string') throw new BadRequestError(`${name} must be a string`);
    out[name] = v;
  }
  return out;
}
