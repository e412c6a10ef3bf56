import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node, Scalar, YAMLMap } from 'yaml';

/** Where something is in a file: 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly col: number;
}

/** One thing wrong with a file, at a place in it when known. */
export interface FileProblem {
  readonly file: string;
  readonly pos?: Position;
  readonly message: string;
}

/** `file:line:col: message`, the form compilers use, so editors can jump to it. */
export function formatProblem(p: FileProblem): string {
  return p.pos ? `${p.file}:${p.pos.line}:${p.pos.col}: ${p.message}` : `${p.file}: ${p.message}`;
}

/** Problems in file order (those without a place first). */
export const inFileOrder = (problems: readonly FileProblem[]): FileProblem[] =>
  [...problems].sort(
    (a, b) => (a.pos?.line ?? 0) - (b.pos?.line ?? 0) || (a.pos?.col ?? 0) - (b.pos?.col ?? 0),
  );

/** A scalar read from the file: its resolved value and the text it was written as. */
export interface RawScalar {
  readonly pos: Position;
  readonly value: string | number | boolean | null;
  /** The source text (`20240614080000`, `1.50`), so numbers can be kept as written when a string is wanted. */
  readonly text: string;
}

/** One field of a mapping: the key's position and the value node (null when the value is absent). */
export interface Field {
  readonly keyPos: Position;
  readonly node: Node | null;
}

/**
 * A YAML file parsed with positions, and the problems found in it so far. The readers below never throw: they
 * note a problem at the offending node and return undefined, so that one pass reports everything wrong.
 */
export class YamlSource {
  readonly problems: FileProblem[] = [];
  private readonly lines = new LineCounter();
  private readonly doc: Document.Parsed;

  constructor(
    readonly file: string,
    text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false });
    for (const e of this.doc.errors)
      this.problems.push({ file, pos: this.posAt(e.pos[0]), message: e.message });
  }

  /** The document's top node, or undefined when it is empty or did not parse. */
  get root(): Node | undefined {
    if (this.doc.errors.length > 0) return undefined;
    return this.resolve(this.doc.contents ?? null) ?? undefined;
  }

  posAt(offset: number): Position {
    return this.lines.linePos(offset);
  }

  pos(node: Node | null | undefined): Position | undefined {
    const start = node?.range?.[0];
    return start === undefined ? undefined : this.posAt(start);
  }

  fail(at: Node | Position | null | undefined, message: string): undefined {
    const pos = at && 'line' in at ? at : this.pos(at as Node | null | undefined);
    this.problems.push(pos ? { file: this.file, pos, message } : { file: this.file, message });
    return undefined;
  }

  /**
   * Remembers where `key` is first given (in `seen`); a key given again is a problem, `label` naming it and
   * `verb` saying what was done twice.
   */
  once(seen: Map<string, Position>, key: string, pos: Position, label = key, verb = 'given'): void {
    const first = seen.get(key);
    if (first) this.fail(pos, `${label} is ${verb} twice (first on line ${first.line})`);
    else seen.set(key, pos);
  }

  /** Follows an alias to the node it names. */
  resolve(node: Node | null): Node | null {
    return node && isAlias(node) ? ((node.resolve(this.doc) as Node | undefined) ?? null) : node;
  }

  /** The top node as a list of entries: a sequence's items, or a single mapping as a list of one. */
  entries(what: string): Node[] {
    const root = this.root;
    if (this.doc.errors.length > 0) return [];
    if (root === undefined || (isScalar(root) && root.value === null))
      return (this.fail(undefined, `the file has no ${what} entries`), []);
    if (isMap(root)) return [root];
    if (!isSeq(root)) return (this.fail(root, `expected a list of ${what} entries or one mapping`), []);
    return root.items.map((n) => this.resolve(n as Node | null)).filter((n): n is Node => n !== null);
  }

  /** A mapping's fields by key; unknown keys, non-string keys and a non-mapping node are problems. */
  mapping(node: Node | null, what: string, known: readonly string[]): Map<string, Field> | undefined {
    node = this.resolve(node);
    if (!node || !isMap(node)) return this.fail(node, `${what} must be a mapping`);
    const out = new Map<string, Field>();
    for (const pair of (node as YAMLMap<Node, Node | null>).items) {
      const key = this.resolve(pair.key);
      const keyPos = this.pos(key) ?? this.pos(node) ?? { line: 1, col: 1 };
      if (!key || !isScalar(key) || typeof key.value !== 'string') {
        this.fail(keyPos, `${what}: keys must be strings`);
        continue;
      }
      if (!known.includes(key.value)) {
        this.fail(keyPos, `${what}: unknown key "${key.value}" (known keys: ${known.join(', ')})`);
        continue;
      }
      out.set(key.value, { keyPos, node: this.resolve(pair.value) });
    }
    return out;
  }

  /** A plain mapping with string keys, for maps whose keys are data (custom properties, property values). */
  pairs(node: Node | null, what: string): { key: string; keyPos: Position; node: Node | null }[] | undefined {
    node = this.resolve(node);
    if (!node || !isMap(node)) return this.fail(node, `${what} must be a mapping`);
    const out: { key: string; keyPos: Position; node: Node | null }[] = [];
    for (const pair of (node as YAMLMap<Node, Node | null>).items) {
      const key = this.resolve(pair.key);
      const keyPos = this.pos(key) ?? this.pos(node) ?? { line: 1, col: 1 };
      if (!key || !isScalar(key) || key.value === null || typeof key.value === 'object')
        this.fail(keyPos, `${what}: keys must be strings`);
      else
        out.push({
          key: String((key as Scalar).source ?? key.value),
          keyPos,
          node: this.resolve(pair.value),
        });
    }
    return out;
  }

  /** A scalar's value and source text; a mapping, list or absent value is a problem. */
  scalar(field: Field, what: string): RawScalar | undefined {
    const node = field.node;
    if (!node || !isScalar(node)) return this.fail(node ?? field.keyPos, `${what} must be a single value`);
    const value = node.value;
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value))
      return this.fail(node, `${what} has an unsupported value`);
    const text = typeof value === 'string' ? value : (node.source ?? String(value));
    const pos = this.pos(node) ?? field.keyPos;
    return { pos, value: value as RawScalar['value'], text };
  }

  /** A non-empty string; numbers are taken as written (`version: 20240614080000`). */
  string(field: Field | undefined, what: string): (RawScalar & { text: string }) | undefined {
    if (!field) return undefined;
    const s = this.scalar(field, what);
    if (!s) return undefined;
    if (s.value === null || typeof s.value === 'boolean' || s.text.trim() === '')
      return this.fail(s.pos, `${what} must be a non-empty string`);
    return s;
  }

  /** A list's items; a missing value is an empty list. */
  list(field: Field | undefined, what: string): Node[] | undefined {
    if (!field) return undefined;
    const node = field.node;
    if (!node || (isScalar(node) && node.value === null)) return [];
    if (!isSeq(node)) return this.fail(node, `${what} must be a list`);
    return node.items.map((n) => this.resolve(n as Node | null)).filter((n): n is Node => n !== null);
  }
}

/**
 * The parser of a file of entries (a YAML list of `what` mappings with the keys `keys`, or one mapping). It
 * gives every entry `read` could read without a problem, each URN once (`verb`: what giving one twice is
 * called), under `key`, and every problem found.
 */
export function entriesParser<K extends string, E extends { readonly urn: string; readonly pos: Position }>(
  key: K,
  what: string,
  keys: readonly string[],
  read: (src: YamlSource, f: Map<string, Field>, pos: Position) => E | undefined,
  verb: string,
) {
  return (text: string, file: string) => {
    const src = new YamlSource(file, text);
    const entries: E[] = [];
    const seen = new Map<string, Position>();
    for (const node of src.entries(what)) {
      const before = src.problems.length;
      const pos = src.pos(node) ?? { line: 1, col: 1 };
      const f = src.mapping(node, what, keys);
      const entry = f && read(src, f, pos);
      if (!entry || src.problems.length > before) continue;
      src.once(seen, entry.urn, entry.pos, entry.urn, verb);
      entries.push(entry);
    }
    return { [key]: entries, problems: inFileOrder(src.problems) } as Record<K, E[]> & {
      problems: FileProblem[];
    };
  };
}
