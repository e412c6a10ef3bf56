import { BadRequestError } from '../../src/errors/index.js';

import { isStructuredField, type Criterion, type SearchField } from '../model/index.js';

/**
 * The query language of the versioned entity API's `query` parameter (Elasticsearch `query_string` as
 * DataHub uses it), over the index fields: bare words and phrases (full text, AND-ed), `field:value`,
 * wildcards (`name:*mask*`), ranges (`field:>45`, `field:[10 TO 20]`), `_exists_:field`, AND / OR / NOT,
 * `+` / `-` and parentheses. The result is the free text plus a disjunction of conjunctions of criteria.
 */
export interface ParsedQuery {
  readonly text: string;
  readonly groups: Criterion[][];
}

type Node =
  | { kind: 'text'; value: string }
  | { kind: 'crit'; c: Criterion[] }
  | { kind: 'and' | 'or'; items: Node[] }
  | { kind: 'not'; item: Node };

const TEXT_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM']);

export function parseQueryString(query: string, fields: ReadonlyMap<string, SearchField>): ParsedQuery {
  const q = query.trim().replace(/^\/q\s+/, '');
  if (q === '' || q === '*') return { text: '*', groups: [] };
  const tokens = tokenize(q);
  let pos = 0;
  const peek = (): string | undefined => tokens[pos];
  const next = (): string => {
    const t = tokens[pos++];
    if (t === undefined) throw new BadRequestError(`Unexpected end of query: ${query}`);
    return t;
  };
  const orExpr = (): Node => {
    const items = [andExpr()];
    while (peek() === 'OR' || peek() === '||') {
      pos++;
      items.push(andExpr());
    }
    return items.length === 1 ? (items[0] as Node) : { kind: 'or', items };
  };
  const andExpr = (): Node => {
    const items = [unary()];
    while (peek() !== undefined && peek() !== ')' && peek() !== 'OR' && peek() !== '||') {
      if (peek() === 'AND' || peek() === '&&') pos++;
      items.push(unary());
    }
    return items.length === 1 ? (items[0] as Node) : { kind: 'and', items };
  };
  const unary = (): Node => {
    const t = peek();
    if (t === 'NOT' || t === '-' || t === '!') {
      pos++;
      return { kind: 'not', item: unary() };
    }
    if (t === '+') pos++;
    return primary();
  };
  const primary = (): Node => {
    const t = next();
    if (t === '(') {
      const inner = orExpr();
      if (peek() !== ')') throw new BadRequestError(`Unbalanced parentheses in query: ${query}`);
      pos++;
      return inner;
    }
    if (t === ')') throw new BadRequestError(`Unbalanced parentheses in query: ${query}`);
    return term(t, fields);
  };
  const tree = orExpr();
  if (pos < tokens.length) throw new BadRequestError(`Cannot parse query at "${tokens[pos]}": ${query}`);
  return flatten(tree, query);
}

/**
 * Words, quoted phrases, operators and parentheses; `field:value` stays one token. A range (`[a TO b]`)
 * is at most 256 characters: unbounded, an unclosed `[` rescanned the rest of the query at every one
 * (quadratic: 0.7 s for 40,000 characters of `[ `).
 */
function tokenize(q: string): string[] {
  const out: string[] = [];
  const re =
    /\s*(\(|\)|&&|\|\||[+\-!](?=\S)|(?:[^\s()"]+:)?(?:"(?:[^"\\]|\\.)*"|[[{][^\]}]{0,256}[\]}]|[^\s()"]+)|"(?:[^"\\]|\\.)*")/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < q.length) {
    re.lastIndex = at;
    m = re.exec(q);
    if (!m) {
      if (/^\s*$/.test(q.slice(at))) break;
      throw new BadRequestError(`Cannot parse query near "${q.slice(at, at + 20)}"`);
    }
    out.push(m[1] as string);
    at = re.lastIndex;
  }
  return out;
}

const unquote = (v: string): string =>
  v.startsWith('"') && v.endsWith('"') && v.length >= 2
    ? v.slice(1, -1).replace(/\\(.)/g, '$1')
    : v.replace(/\\(.)/g, '$1');

function term(t: string, fields: ReadonlyMap<string, SearchField>): Node {
  const m = /^([A-Za-z_][A-Za-z0-9_.]*):(.+)$/s.exec(t);
  if (!m) return { kind: 'text', value: unquote(t) };
  const name = (m[1] as string).replace(/\.keyword$/, '');
  const raw = m[2] as string;
  if (name === '_exists_') return { kind: 'crit', c: [{ field: unquote(raw), condition: 'EXISTS' }] };
  if (name !== 'urn' && name !== 'entityType' && !fields.has(name) && !isStructuredField(name))
    throw new BadRequestError(`Unknown field "${name}" in query`);
  const crit = (condition: string, value: string): Criterion => ({ field: name, values: [value], condition });
  const range = /^([[{])\s*(\S+)\s+TO\s+(\S+)\s*([\]}])$/.exec(raw);
  if (range) {
    const [, open, lo, hi, close] = range as unknown as [string, string, string, string, string];
    const c: Criterion[] = [];
    if (lo !== '*') c.push(crit(open === '[' ? 'GREATER_THAN_OR_EQUAL_TO' : 'GREATER_THAN', lo));
    if (hi !== '*') c.push(crit(close === ']' ? 'LESS_THAN_OR_EQUAL_TO' : 'LESS_THAN', hi));
    return { kind: 'crit', c: c.length ? c : [{ field: name, condition: 'EXISTS' }] };
  }
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(raw);
  if (cmp) {
    const op = {
      '>': 'GREATER_THAN',
      '>=': 'GREATER_THAN_OR_EQUAL_TO',
      '<': 'LESS_THAN',
      '<=': 'LESS_THAN_OR_EQUAL_TO',
    }[cmp[1] as '>' | '>=' | '<' | '<='];
    return { kind: 'crit', c: [crit(op, unquote(cmp[2] as string))] };
  }
  if (raw.startsWith('"'))
    return { kind: 'crit', c: [crit(isText(name, fields) ? 'CONTAIN' : 'EQUAL', unquote(raw))] };
  if (raw === '*') return { kind: 'crit', c: [{ field: name, condition: 'EXISTS' }] };
  const value = unquote(raw);
  const lead = value.startsWith('*');
  const trail = value.endsWith('*') && !value.endsWith('\\*');
  const core = value.replace(/^\*/, '').replace(/\*$/, '');
  if (core.includes('*') || core.includes('?'))
    throw new BadRequestError(`Wildcards are supported at the start and end of a value only: ${t}`);
  if (lead && trail) return { kind: 'crit', c: [crit('CONTAIN', core)] };
  if (trail) return { kind: 'crit', c: [crit('START_WITH', core)] };
  if (lead) return { kind: 'crit', c: [crit('END_WITH', core)] };
  return { kind: 'crit', c: [crit(isText(name, fields) ? 'CONTAIN' : 'EQUAL', core)] };
}

const isText = (name: string, fields: ReadonlyMap<string, SearchField>): boolean =>
  TEXT_TYPES.has(fields.get(name)?.type ?? '');

/** Free text must be AND-ed at the top; criteria may nest in any way (normalized to OR of ANDs). */
function flatten(tree: Node, query: string): ParsedQuery {
  const top = tree.kind === 'and' ? tree.items : [tree];
  const words = top
    .filter((n): n is { kind: 'text'; value: string } => n.kind === 'text')
    .map((n) => n.value);
  const rest = top.filter((n) => n.kind !== 'text');
  let groups: Criterion[][] = [[]];
  for (const n of rest) groups = product(groups, dnf(n, query));
  return { text: words.length ? words.join(' ') : '*', groups: rest.length ? groups : [] };
}

function dnf(n: Node, query: string): Criterion[][] {
  switch (n.kind) {
    case 'text':
      throw new BadRequestError(
        `Free text can only be AND-ed with the rest of the query (use field:value inside OR and NOT): ${query}`,
      );
    case 'crit':
      return [n.c];
    case 'or':
      return n.items.flatMap((i) => dnf(i, query));
    case 'and':
      return n.items.reduce<Criterion[][]>((acc, i) => product(acc, dnf(i, query)), [[]]);
    case 'not': {
      // NOT (A OR B) = NOT A AND NOT B; NOT (a AND b) = NOT a OR NOT b.
      const inner = dnf(n.item, query);
      return inner.reduce<Criterion[][]>(
        (acc, conj) =>
          product(
            acc,
            conj.map((c) => [{ ...c, negated: !c.negated }]),
          ),
        [[]],
      );
    }
  }
}

function product(a: Criterion[][], b: Criterion[][]): Criterion[][] {
  const out = a.flatMap((x) => b.map((y) => [...x, ...y]));
  if (out.length > 256) throw new BadRequestError('Query too complex: more than 256 alternatives');
  return out;
}
