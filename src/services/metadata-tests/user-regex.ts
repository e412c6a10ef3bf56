import { RE2JS, RE2JSException } from 're2js';
import { NotEvaluable } from './budget.js';

/**
 * The regular expressions of `regex_match`, which come from users: run by RE2's engine (re2js, a pure
 * JavaScript port), whose time is linear in the input's length whatever the pattern, never by
 * JavaScript's backtracking `RegExp` (docs/decisions/0037). Its syntax has no backreferences,
 * lookarounds, atomic groups or possessive quantifiers: a pattern that uses them is refused where the
 * test is defined.
 */

/** Longest pattern a predicate may give, in characters. */
export const MAX_PATTERN_LENGTH = 1000;
/**
 * Most instructions a compiled pattern may have (RE2's program size: `a{500}` has 502, a literal of the
 * longest length 1,002). Matching time is linear in the value's length times this at worst: at most
 * 1,024 keeps one match of a value of the longest length under about 0.3 s (the first, which builds the
 * automaton; measured 2,000 instructions: 0.6 s, 9,000: 9 s), a few ms after.
 */
export const MAX_PROGRAM_SIZE = 1024;
/**
 * Longest value a pattern is matched against, in UTF-16 code units (64 KiB): a longer value makes the
 * test an error for that entity (reported as a FAILURE), never a match or a silent miss.
 */
export const MAX_MATCHED_LENGTH = 65_536;

/** A user's pattern, compiled once; `matches` is a whole-value match (DataHub's `regex_match`). */
export interface UserRegex {
  readonly source: string;
  matches(value: string): boolean;
}

const UNSUPPORTED =
  'RE2 syntax, which matches in linear time: no backreferences (\\1), lookahead ((?=, (?!), ' +
  'lookbehind ((?<=, (?<!), atomic groups ((?>) or possessive quantifiers (*+)';

/** The pattern compiled, or why it is refused (a message for the one who wrote the definition). */
export function compileUserRegex(source: string): UserRegex | { readonly problem: string } {
  if (source.length > MAX_PATTERN_LENGTH)
    return { problem: `a regex of at most ${MAX_PATTERN_LENGTH} characters` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (err) {
    if (!(err instanceof RE2JSException)) throw err;
    return { problem: `not a valid regex (${UNSUPPORTED}): ${err.message}` };
  }
  if (re.programSize() > MAX_PROGRAM_SIZE)
    return {
      problem: `a regex too complex to match quickly: it compiles to ${re.programSize()} instructions, at most ${MAX_PROGRAM_SIZE}`,
    };
  return {
    source,
    matches(value: string): boolean {
      if (value.length > MAX_MATCHED_LENGTH)
        throw new NotEvaluable(
          `a value of ${value.length} characters is longer than the ${MAX_MATCHED_LENGTH} a regex is matched against`,
        );
      return re.testExact(value);
    },
  };
}
