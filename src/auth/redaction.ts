import { callerMay } from './caller.js';
import { ForbiddenError } from '../errors/index.js';
import { isJsonObject, setOwn, getOwn, type Json } from '../json/index.js';
import type { EntitySpec, Registry } from '../registry/index.js';

/** What a non-Admin reads in place of a secret. */
export const REDACTED = '********';

type Aspect = { readonly name: string; readonly value: Record<string, unknown> };

/**
 * The one redaction of stored values, defined by the registry, that every route returning them goes
 * through (reads, the entity API, run descriptions, the timeline, time series, relationships, search):
 * - the fields the registry marks secret (secret values, credentials, invite tokens, connection blobs,
 *   ingestion recipes) are shown to Admins only; anyone else reads REDACTED in their place, so that the
 *   record keeps its shape (and so does a read outside any scope);
 * - entities of the registry's hidden kinds (secrets, tokens, policies, ingestion sources...) are seen by
 *   Admins only: a direct read by anyone else is refused (403), and listings leave them out.
 * The caller is the request's (src/auth): the same call answers differently for an Admin and a Reader.
 */
export class Redaction {
  private readonly hiddenKinds: readonly string[];
  /** The kinds everyone sees: what a search of every kind covers for a non-Admin. */
  private readonly seenKinds: readonly string[];

  constructor(private readonly registry: Registry) {
    const kinds = registry.allEntities();
    this.hiddenKinds = kinds.filter((e) => e.hidden).map((e) => e.name);
    this.seenKinds = kinds.filter((e) => !e.hidden).map((e) => e.name);
  }

  /** Whether the caller sees everything: an Admin. */
  private get all(): boolean {
    return callerMay('admin');
  }

  /** The kinds the caller may not see (none for an Admin): for the store's queries to leave out. */
  unseenKinds(): readonly string[] {
    return this.all ? [] : this.hiddenKinds;
  }

  /** Whether the caller sees entities of a kind (by name or URN entity type). */
  private seesKind(kind: string | EntitySpec | undefined): boolean {
    const spec = typeof kind === 'string' ? this.registry.entityOfUrnType(kind) : kind;
    return spec?.hidden !== true || this.all;
  }

  /** Refuses (403) a read naming an entity, or a kind, that the caller may not see. */
  requireKinds(kinds: Iterable<string | EntitySpec>): void {
    for (const kind of kinds) {
      if (this.seesKind(kind)) continue;
      const name = typeof kind === 'string' ? kind : kind.name;
      throw new ForbiddenError(`Reading ${name} entities needs the Admin role`);
    }
  }

  /** Refuses (403) a read of URNs any of which the caller may not see. */
  requireUrns(urns: Iterable<string>): void {
    this.requireKinds([...urns].map((u) => u.split(':')[2] ?? ''));
  }

  /**
   * The entity types a search covers for the caller: the asked ones (403 for one it may not see), or
   * when none is asked (a search of every kind: see the search service's `kinds`), every type (no
   * restriction) for an Admin and every type it sees for anyone else.
   */
  searchTypes(types: readonly string[]): readonly string[] {
    this.requireKinds(types);
    return types.length || this.all ? types : this.seenKinds;
  }

  /** Aspect values as the caller may see them. */
  aspects<A extends Aspect>(aspects: readonly A[]): A[] {
    if (this.all) return [...aspects];
    return aspects.map((a) => {
      const value = this.value(a.name, a.value);
      return value === a.value ? a : { ...a, value };
    });
  }

  /** One aspect value as the caller may see it (the same object when nothing in it is secret). */
  value<V extends Record<string, unknown>>(aspectName: string, value: V): V {
    const paths = this.registry.findAspect(aspectName)?.secretPaths;
    if (!paths?.length || this.all) return value;
    const copy = structuredClone(value);
    for (const p of paths) hide(copy as Json, p.split('/'));
    return copy;
  }

  /** A serialized aspect value as the caller may see it. */
  json(aspectName: string, json: string): string {
    const paths = this.registry.findAspect(aspectName)?.secretPaths;
    if (!paths?.length || this.all) return json;
    return JSON.stringify(this.value(aspectName, JSON.parse(json) as Record<string, unknown>));
  }

  /**
   * A statement's parameters as a log may show them, whoever the caller (an Admin's writes too): the
   * store's debug channel logs every statement with them. The secret fields of the aspect values they
   * carry are REDACTED (the registry's, as reads hide them from non-Admins), where a value goes beside
   * its aspect's name (a write's rows: `{aspect, value}`) or in lists beside a list of aspect names (the
   * change log's `aspects` and `newValues`, a write's `aspects` and `rows_value`: `rowParams`);
   * parameters and fields named like a secret setting go through `redactSetting`, which also hides the
   * password of a URL. JSON text in a parameter (rows sent as one JSON string) is read and written back
   * redacted.
   */
  params(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
    return this.logged(params) as Record<string, unknown>;
  }

  private logged(v: unknown, key = ''): unknown {
    if (typeof v === 'string') {
      if (/^\s*[[{]/.test(v) && redactSetting(key, v) !== REDACTED) {
        const parsed = parseOrUndefined(v);
        if (parsed !== undefined) return JSON.stringify(this.logged(parsed, key));
      }
      return redactSetting(key, v);
    }
    if (typeof v === 'number' || typeof v === 'boolean')
      return redactSetting(key, String(v)) === REDACTED ? REDACTED : v;
    if (Array.isArray(v)) return v.map((x) => this.logged(x, key));
    if (!isPlain(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.logged(x, k);
    // A value beside the name of its aspect (rows of aspects, versions, time series).
    const named = [v.aspect, v.name].find((n): n is string => typeof n === 'string');
    const paths = named === undefined ? undefined : this.registry.findAspect(named)?.secretPaths;
    if (paths?.length) for (const [k, x] of Object.entries(out)) out[k] = hideIn(x, paths);
    // Lists beside a list of aspect names: the element of each list at i is of the aspect named at i.
    const names = v.aspects;
    if (Array.isArray(names))
      for (const [k, list] of Object.entries(out)) {
        if (k === 'aspects' || !Array.isArray(list) || list.length !== names.length) continue;
        out[k] = list.map((x: unknown, i) => {
          const name: unknown = names[i];
          const p = typeof name === 'string' ? this.registry.findAspect(name)?.secretPaths : undefined;
          return p?.length ? hideIn(x, p) : x;
        });
      }
    return out;
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A value (an object, or its JSON text) with the fields at `paths` REDACTED; anything else as it is. */
function hideIn(v: unknown, paths: readonly string[]): unknown {
  const text = typeof v === 'string';
  const parsed = text ? parseOrUndefined(v) : v;
  if (!isPlain(parsed)) return v;
  const copy = structuredClone(parsed) as Json;
  for (const p of paths) hide(copy, p.split('/'));
  return text ? JSON.stringify(copy) : copy;
}

const made = new WeakMap<Registry, Redaction>();

/** The redaction of a registry (one per registry). */
export function redactionOf(registry: Registry): Redaction {
  let r = made.get(registry);
  if (!r) made.set(registry, (r = new Redaction(registry)));
  return r;
}

function hide(node: Json, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !isJsonObject(node)) return;
  const v = getOwn(node, head);
  if (v === undefined || v === null) return;
  if (rest.length === 0) setOwn(node, head, REDACTED);
  else hide(v, rest);
}

/**
 * The endings of a setting's name that mark it secret (DataHub's list for its system information):
 * passwords, secrets, keys, salts, tokens, credentials, private and auth settings.
 */
const SECRET_SETTING = /(password|passwd|pwd|pass|secret|key|salt|token|credential|private|auth)$/;

/**
 * A service setting as anyone may be shown it, Admins included (system information): REDACTED for a
 * setting whose name ends like a secret's, unless its value is a plain `true`/`false` (a switch, as
 * DataHub lets through); the user and password of a URL in any other value replaced too. The other
 * half of the one redaction: stored values go through `Redaction`, settings through this.
 */
export function redactSetting(key: string, value: string | null): string | null {
  if (value === null) return null;
  const name = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (SECRET_SETTING.test(name) && !/^(true|false)$/i.test(value)) return REDACTED;
  return value.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, `$1${REDACTED}@`);
}
