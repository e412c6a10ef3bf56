/**
 * URN syntax: `urn:li:<entityType>:<id>`, where `<id>` is either a plain string or a tuple
 * `(<part>,<part>,...)` whose parts may themselves be URNs with tuples (parentheses nest).
 */
export interface ParsedUrn {
  readonly urn: string;
  readonly entityType: string;
  /** The raw id after `urn:li:<entityType>:`. */
  readonly id: string;
  /** The tuple parts, or the id alone for a plain id. */
  readonly parts: readonly string[];
}

const PREFIX = 'urn:li:';

/** Longest URN accepted (Neo4j cannot index much longer keys; DataHub caps URNs too). */
export const MAX_URN_LENGTH = 2048;

/** Parses a URN, or returns a sentence saying why it is malformed. */
export function parseUrn(urn: string): ParsedUrn | string {
  if (typeof urn !== 'string') return 'URN must be a string';
  const { loneSurrogate, control } = scan(urn);
  if (loneSurrogate) return `Invalid URN: it holds a lone surrogate (not well-formed Unicode)`;
  if (urn.length > MAX_URN_LENGTH)
    return `Invalid URN "${printable(urn.slice(0, 80))}...": longer than ${MAX_URN_LENGTH} characters`;
  if (control !== undefined) return `Invalid URN "${printable(urn)}": ${controlMessage(urn, control)}`;
  if (!urn.startsWith(PREFIX)) return `Invalid URN "${urn}": must start with "${PREFIX}"`;
  const rest = urn.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon <= 0) return `Invalid URN "${urn}": missing entity type or id`;
  const entityType = rest.slice(0, colon);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(entityType))
    return `Invalid URN "${urn}": bad entity type "${entityType}"`;
  const id = rest.slice(colon + 1);
  if (id.length === 0) return `Invalid URN "${urn}": empty id`;
  if (!id.startsWith('(')) {
    if (/[()]/.test(id) && !balanced(id)) return `Invalid URN "${urn}": unbalanced parentheses`;
    return { urn, entityType, id, parts: [id] };
  }
  if (!id.endsWith(')') || !balanced(id)) return `Invalid URN "${urn}": unbalanced parentheses`;
  const parts = splitTuple(id.slice(1, -1));
  if (parts.some((p) => p.length === 0)) return `Invalid URN "${urn}": empty tuple part`;
  return { urn, entityType, id, parts };
}

/**
 * Whether a code unit is a control character (C0 U+0000-U+001F, DEL U+007F, C1 U+0080-U+009F) or a
 * bidirectional formatting character (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069). Such a
 * character is invisible or reorders what follows it, so that `urn:li:corpuser:editor` with a NUL or a
 * RIGHT-TO-LEFT OVERRIDE would be a second entity that reads like the first.
 */
export function isControlCharacter(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** `U+XXXX`, the name of a code point in messages. */
const codePointName = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * One pass over a URN's code units: whether it holds a lone surrogate (half of a pair without the
 * other: not well-formed Unicode), and the offset of its first control character, if any.
 */
function scan(urn: string): { loneSurrogate: boolean; control: number | undefined } {
  let control: number | undefined;
  let loneSurrogate = false;
  for (let i = 0; i < urn.length; i++) {
    const code = urn.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = urn.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else loneSurrogate = true;
    } else if (control === undefined && isControlCharacter(code)) control = i;
  }
  return { loneSurrogate, control };
}

/** The reason a URN is refused for its control character at `offset`. */
const controlMessage = (urn: string, offset: number): string =>
  `it holds the control character ${codePointName(urn.charCodeAt(offset))} at offset ${offset} (URNs may not hold control or bidirectional formatting characters)`;

/** A URN as a message may quote it: each control character shown as its code point, never as itself. */
function printable(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    out += ch.length === 1 && isControlCharacter(code) ? `<${codePointName(code)}>` : ch;
  }
  return out;
}

function balanced(s: string): boolean {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch === 40 /* ( */) depth++;
    else if (ch === 41 /* ) */ && --depth < 0) return false;
  }
  return depth === 0;
}

function splitTuple(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

/** Builds a URN from an entity type and its key parts. */
export function makeUrn(entityType: string, parts: readonly string[]): string {
  return parts.length === 1
    ? `${PREFIX}${entityType}:${parts[0]}`
    : `${PREFIX}${entityType}:(${parts.join(',')})`;
}

/** A schema field's URN, as DataHub builds it (the field path's parentheses and commas escaped). */
export const schemaFieldUrn = (entityUrn: string, fieldPath: string): string =>
  `urn:li:schemaField:(${entityUrn},${fieldPath.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/,/g, '%2C')})`;

/** A field path as it stands in a schema field's URN, unescaped (the inverse of `schemaFieldUrn`'s). */
export const schemaFieldPath = (escaped: string): string =>
  escaped.replace(/%2C/gi, ',').replace(/%28/g, '(').replace(/%29/g, ')');

export const entityTypeOf = (urn: string): string | undefined => {
  const p = parseUrn(urn);
  return typeof p === 'string' ? undefined : p.entityType;
};
