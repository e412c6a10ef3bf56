import { randomBytes } from 'node:crypto';

/**
 * JSON text to be placed as it is inside a value that is serialized with `stringifyWithRaw`: what lets
 * an answer carry a number as `30.0` (a double, as DataHub's service writes it) where `JSON.stringify`
 * can only write `30`. Its `toJSON` stands in for it with a string that starts with a mark no stored
 * string starts with (a NUL and a random word drawn at start-up); the serializer puts the text back.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return MARK + this.text;
  }
}

const MARK = `\u0000${randomBytes(12).toString('hex')}:`;
/** The mark as `JSON.stringify` writes it inside a string (the NUL escaped as \u0000). */
const WRITTEN = JSON.stringify(MARK).slice(1, -1).replace(/\\/g, '\\\\');
/** A marked string literal: the mark, then any run of characters other than `"` and `\`, or escapes. */
const MARKED = new RegExp(`"${WRITTEN}((?:[^"\\\\]|\\\\.)*)"`, 'g');
const FIRST = JSON.stringify(MARK).slice(1, -1);

/** `JSON.stringify`, with every `RawJson` in `value` written as its text. */
export function stringifyWithRaw(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined || !text.includes(FIRST)) return text;
  return text.replace(MARKED, (_, body: string) => JSON.parse(`"${body}"`) as string);
}
