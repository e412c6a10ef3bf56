import type { Json } from './own.js';

/**
 * The deepest JSON a client may send: objects and arrays open at once, the outermost one counting 1.
 * DataHub's JSON parser (Jackson's `StreamReadConstraints`, whose default GMS keeps) stops at the same
 * figure. Deeper values would overflow the stack of the recursive walks that copy, validate and
 * serialize them (`structuredClone`, `JSON.stringify`); none of DataHub's models nests near it.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * JSON nested deeper than the limit. A client error (HTTP 400 through `wireStatus` even where no caller
 * turns it into a domain error): callers that can, wrap it in a `BadRequestError` with its message.
 */
export class JsonDepthError extends Error {
  readonly statusCode = 400;
  readonly code = 'JSON_TOO_DEEP';
  constructor(
    readonly limit: number,
    what = 'JSON',
  ) {
    super(
      `${what} is nested deeper than ${limit} levels (the limit of objects and arrays inside each other)`,
    );
    this.name = 'JsonDepthError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests deeper than `limit`, from its text alone: brackets are counted outside
 * strings, and the scan stops at the first one past the limit. A loop (no recursion), and cheaper than
 * the parse it saves (a body of a million `[` takes V8 seconds and a gigabyte to parse). Exact for
 * well-formed JSON; for a malformed text the parse that follows says what is wrong.
 */
export function textNestsDeeper(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Whether a parsed value nests deeper than `limit` (a scalar is 0 deep, `[]` and `{}` are 1). A walk
 * with a stack of its own, so that a value of any depth is measured without recursion; it stops at the
 * first container past the limit, so a cycle (in-process values only) counts as too deep.
 */
export function valueNestsDeeper(value: Json, limit: number = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: { readonly v: object; readonly d: number }[] = [{ v: value, d: 1 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.d > limit) return true;
    const children: Json[] = Array.isArray(top.v) ? (top.v as Json[]) : Object.values(top.v);
    for (const child of children)
      if (typeof child === 'object' && child !== null) stack.push({ v: child, d: top.d + 1 });
  }
  return false;
}

/** Throws a `JsonDepthError` naming `what` when `value` nests deeper than `limit`. */
export function checkDepth(value: Json, what = 'JSON value', limit: number = MAX_JSON_DEPTH): void {
  if (valueNestsDeeper(value, limit)) throw new JsonDepthError(limit, what);
}

/**
 * Parses a client's JSON text: a `JsonDepthError` naming `what` when it nests deeper than `limit` (found
 * before parsing), else what `JSON.parse` gives or throws (a `SyntaxError` for a malformed text).
 */
export function parseJson(text: string, what = 'JSON', limit: number = MAX_JSON_DEPTH): Json {
  if (textNestsDeeper(text, limit)) throw new JsonDepthError(limit, what);
  return JSON.parse(text) as Json;
}
