import { GraphQLError } from 'graphql';
import { inputTables } from './field-table.js';

/**
 * The checks of GraphQL input fields (docs/decisions/0041): a field's `checks` in its table, run by
 * type-graphql's `validateFn` ({@link checkArgument}) before a resolver runs. They say what is wrong in
 * the words class-validator used, which clients see; `src/graphql/errors.ts` joins them into one
 * `Invalid input: ...` message.
 *
 * A check answers the message of a value that breaks it (`property` is the field's name), or the errors of
 * a nested input's fields. A null or undefined value (a field left out) skips every check but `defined`.
 * Its `name` keys its message in the field's `constraints`.
 */
export type Check = (value: unknown, property: string) => string | readonly InputError[] | undefined;

/** What is wrong with one field of an input: its broken checks' messages, and its nested fields' errors. */
export interface InputError {
  readonly property: string;
  readonly constraints: Readonly<Record<string, string>>;
  readonly children: readonly InputError[];
}

/** A check of a given value (null or undefined skips it unless `always`), named `name`. */
const check = (name: string, test: Check, always = false): Check =>
  Object.defineProperty<Check>((v, p) => (v == null && !always ? undefined : test(v, p)), 'name', {
    value: name,
  });

/** An optional start, count or limit: not negative (GraphQL's `Int` is an integer already). */
export const nonNegative = check('min', (v, p) =>
  typeof v === 'number' && v >= 0 ? undefined : `${p} must not be less than 0`,
);

/** A field the schema lets be null (as in DataHub) that must be given. */
export const defined = (message: string): Check =>
  check('isDefined', (v) => (v == null ? message : undefined), true);

/** A list without null in it. */
export const eachDefined = (message: string): Check =>
  check(
    'isDefined',
    (v) => ((Array.isArray(v) ? v.some((e) => e == null) : v == null) ? message : undefined),
    true,
  );

/**
 * At most `max` characters, counted as class-validator counted them: a surrogate pair (an emoji), or a
 * character with the selector of its presentation (U+FE0E, U+FE0F), is one.
 */
export const maxLength = (max: number): Check =>
  check('maxLength', (v, p) =>
    typeof v === 'string' && characters(v) <= max
      ? undefined
      : `${p} must be shorter than or equal to ${max} characters`,
  );

const characters = (s: string): number =>
  s.length -
  (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0) -
  (s.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0);

/** A string or a list that is not empty. */
export const notEmpty = check('isNotEmpty', (v, p) =>
  v === '' || (Array.isArray(v) && v.length === 0) ? `${p} should not be empty` : undefined,
);

/** The schemes of a link, as class-validator's `IsUrl` took them. */
const URL_PROTOCOLS = new Set(['http:', 'https:', 'ftp:']);
/** The longest URL class-validator's `IsUrl` took. */
const MAX_URL = 2084;

/**
 * An absolute URL with a host, a top-level domain or not (`http://wiki/page`): no white space or angle
 * brackets in it (the WHATWG parser would escape them, and the link keeps the string as given).
 */
export const url = check('isUrl', (v, p) => (isUrl(v) ? undefined : `${p} must be a URL`));

function isUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > MAX_URL || /[\s<>]/.test(v)) return false;
  try {
    const parsed = new URL(v);
    return URL_PROTOCOLS.has(parsed.protocol) && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** A field that must be left out, null or empty: `message` says why (of the field's name). */
export const empty = (message: (property: string) => string): Check =>
  check('isEmpty', (v, p) => (v === '' ? undefined : message(p)));

/** A nested input (or a list of them) whose own fields are checked too. */
export const nested = check('nested', (v) => {
  if (!Array.isArray(v)) return typeof v === 'object' ? inputErrors(v as object) : undefined;
  return v.flatMap((e: unknown, i) => {
    const children = typeof e === 'object' && e !== null ? inputErrors(e) : [];
    return children.length ? [{ property: String(i), constraints: {}, children }] : [];
  });
});

/** The errors of an input's fields, by the checks of its tables (its own fields', then those it inherits). */
export function inputErrors(input: object): InputError[] {
  const errors: InputError[] = [];
  for (const table of inputTables(input)) {
    for (const [property, spec] of Object.entries(table)) {
      const value: unknown = (input as Record<string, unknown>)[property];
      const constraints: Record<string, string> = {};
      const children: InputError[] = [];
      for (const c of spec.checks) {
        const found = c(value, property);
        if (typeof found === 'string') constraints[c.name] = found;
        else if (found) children.push(...found);
      }
      if (Object.keys(constraints).length || children.length)
        errors.push({ property, constraints, children });
    }
  }
  return errors;
}

/**
 * A broken argument, refused before its resolver runs: type-graphql's `ArgumentValidationError` shape
 * (`BAD_USER_INPUT`, with `validationErrors`), which `src/graphql/errors.ts` turns into one message.
 */
export class InputCheckError extends GraphQLError {
  constructor(readonly validationErrors: readonly InputError[]) {
    super('Argument Validation Error', { extensions: { code: 'BAD_USER_INPUT', validationErrors } });
  }
}

/**
 * type-graphql's `validateFn`: checks an argument of an input type (each of a list of them) by its
 * tables, and throws {@link InputCheckError} for the first one with errors. Other arguments pass.
 */
export function checkArgument(value: unknown): void {
  for (const input of Array.isArray(value) ? value : [value]) {
    if (typeof input !== 'object' || input === null) continue;
    const errors = inputErrors(input);
    if (errors.length) throw new InputCheckError(errors);
  }
}
