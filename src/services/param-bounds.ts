import { BadRequestError } from '../errors/index.js';

/** DataHub's integer parameter types: `int` is 32-bit; `long` is 64-bit, of which JSON keeps 2^53 - 1. */
export type IntegerType = 'int' | 'long';

export interface Bound {
  readonly type: IntegerType;
  readonly min: number;
  readonly max: number;
}

const INT_MAX = 2_147_483_647;
const int = (min = 0): Bound => Object.freeze({ type: 'int', min, max: INT_MAX });
const long = (min = -Number.MAX_SAFE_INTEGER): Bound =>
  Object.freeze({ type: 'long', min, max: Number.MAX_SAFE_INTEGER });

/**
 * Every integer parameter of every transport, with its bounds: the one table routes read (Rest.li
 * bodies, OpenAPI query strings). DataHub's `int` parameters (pages) are 32-bit and not negative; its
 * `long` ones (epoch millis, versions) take any integer JSON carries exactly.
 */
export const PARAMETERS = Object.freeze({
  start: int(),
  pageOffset: int(),
  pageSize: int(),
  count: int(),
  limit: int(),
  batchSize: int(),
  maxHops: int(),
  maxBuckets: int(),
  timeoutSeconds: long(0),
  pollTimeoutSeconds: int(),
  size: int(),
  lookbackWindowDays: int(),
  version: long(0),
  startTimeMillis: long(),
  startTime: long(),
  endTime: long(),
  endTimeMillis: long(),
});

export type ParamName = keyof typeof PARAMETERS;

/**
 * A parameter's value: a JSON number or a string of digits within its bounds; undefined when absent
 * (undefined, null or ''). Anything else is a 400 naming the parameter, its type and its bounds.
 */
export function integerParam(name: ParamName, v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const bound = PARAMETERS[name];
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < bound.min || n > bound.max)
    throw new BadRequestError(
      `${name} must be an integer from ${bound.min} to ${bound.max} (a ${bound.type === 'int' ? '32-bit' : '64-bit'} integer), got ${JSON.stringify(v)}`,
    );
  return n;
}
