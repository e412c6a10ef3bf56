import { parseArgs as nodeParseArgs } from 'node:util';
import { lookup } from '../json/index.js';
import type { Target } from './client.js';

export const USAGE = `Usage: neohub <command> [options]

Commands:
  ingest -f <file.json|file.jsonl>   send DataHub metadata files (change proposals and events, as written
                                     by DataHub's file sink), batched, with a progress bar
  runs list                          the ingestion runs, newest first
  runs show --run-id <id>            the aspects a run wrote
  runs rollback --run-id <id> [--apply]
                                     roll a run back: a dry run unless --apply
  tests run [--urn <test>]           evaluate metadata tests (all, or one) over the whole catalog, as a
                                     task, with its progress
  tests evaluate --urn <entity>      the metadata tests that pass and fail on an entity
  get --urn <urn> [--aspect <name>]  print any entity (or one of its aspects) as JSON
  delete --urn <urn> [--hard]        soft delete any entity (status removed); --hard removes it
  properties upsert -f <file.yaml>   create or update the structured properties defined in a YAML file
  properties get --urn <urn>         print a structured property (the v3 entity GET) as JSON
  dataset upsert -f <file.yaml>      write the datasets of a YAML file: properties and structured-property
                                     values, on the datasets and on their schema fields
  dataset get --urn <urn>            print a dataset (the v3 entity GET) as JSON
  properties delete --urn <urn> [--hard]
                                     soft delete a structured property (status removed); with --hard,
                                     delete it and (in the background) its values on every entity

Options:
  -f, --file <path>    the file to read
  --run-id <id>        the ingestion run
  --apply              with runs rollback: roll back for real
  --aspect <name>      with get: one aspect
  --urn <urn>          the entity to print
  --server <url>       the neohub (or DataHub GMS) address; default $NEOHUB_GMS_URL, then
                       $DATAHUB_GMS_URL, then http://127.0.0.1:8080
  --hard               with delete: a hard delete, not reversible
  --token <token>      sent as "Authorization: Bearer <token>"; default $NEOHUB_GMS_TOKEN,
                       then $DATAHUB_GMS_TOKEN, then (for a server on this machine) the local
                       root token in $NEOHUB_HOME/root-token (default ./.neohub/root-token)
  -h, --help           print this help

Exit status: 0 on success, 1 when a file is malformed or the server rejects a write, 2 on a usage error.`;

/** A command line that cannot be run; the caller prints it with the usage and exits 2. */
export class UsageError extends Error {}

export type Command =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'upsert';
      readonly entity: 'structuredProperty' | 'dataset';
      readonly file: string;
      readonly target: Target;
    }
  | {
      readonly kind: 'get';
      readonly entity: 'structuredProperty' | 'dataset';
      readonly urn: string;
      readonly target: Target;
    }
  | { readonly kind: 'delete'; readonly urn: string; readonly hard: boolean; readonly target: Target }
  | { readonly kind: 'ingest'; readonly file: string; readonly target: Target }
  | {
      readonly kind: 'runs';
      readonly action: 'list' | 'show' | 'rollback';
      readonly runId: string;
      readonly apply: boolean;
      readonly target: Target;
    }
  | {
      readonly kind: 'tests';
      readonly action: 'run' | 'evaluate';
      readonly urn?: string;
      readonly target: Target;
    }
  | { readonly kind: 'getAny'; readonly urn: string; readonly aspect?: string; readonly target: Target }
  | { readonly kind: 'deleteAny'; readonly urn: string; readonly hard: boolean; readonly target: Target };

type Env = Readonly<Record<string, string | undefined>>;

/** The options, as `node:util` parseArgs takes them. */
const OPTIONS = {
  file: { type: 'string', short: 'f' },
  urn: { type: 'string' },
  server: { type: 'string' },
  token: { type: 'string' },
  hard: { type: 'boolean' },
  'run-id': { type: 'string' },
  apply: { type: 'boolean' },
  aspect: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const GROUPS: Record<string, 'structuredProperty' | 'dataset'> = {
  properties: 'structuredProperty',
  property: 'structuredProperty',
  dataset: 'dataset',
  datasets: 'dataset',
};

/** Reads the command line; flags first, then the environment, then the defaults. Throws UsageError. */
export function parseArgs(argv: readonly string[], env: Env): Command {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs(argv);
  } catch (err) {
    throw new UsageError(usageMessage(err));
  }
  const { values, positionals: positional, tokens } = parsed;
  if (values.help) return { kind: 'help' };
  const seen = new Set<string>();
  for (const t of tokens)
    if (t.kind === 'option') {
      if (seen.has(t.name)) throw new UsageError(`${t.rawName} is given twice`);
      seen.add(t.name);
      if (t.value === '') throw new UsageError(`${t.rawName} needs a value`);
    }
  const opts: Opts = values;
  if (positional.length === 0) throw new UsageError('no command given');
  const [group, action, ...extra] = positional;
  const metadata = metadataCommand(positional, opts, env);
  if (metadata) return metadata;
  const entity = lookup(GROUPS, group ?? '');
  if (!entity) throw new UsageError(`unknown command "${group}"`);
  const deletes = action === 'delete' && entity === 'structuredProperty';
  if (action !== 'upsert' && action !== 'get' && !deletes)
    throw new UsageError(action ? `unknown command "${group} ${action}"` : `"${group}" needs upsert or get`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const target = resolveTarget(opts, env);
  if (opts.hard && !deletes) throw new UsageError('--hard is for properties delete');
  if (deletes) {
    if (!opts.urn) throw new UsageError(`${group} delete needs --urn <urn>`);
    if (opts.file) throw new UsageError('-f is for upsert');
    return { kind: 'delete', urn: opts.urn, hard: opts.hard === true, target };
  }
  if (action === 'upsert') {
    if (!opts.file) throw new UsageError(`${group} upsert needs -f <file.yaml>`);
    if (opts.urn) throw new UsageError('--urn is for get');
    return { kind: 'upsert', entity, file: opts.file, target };
  }
  if (!opts.urn) throw new UsageError(`${group} get needs --urn <urn>`);
  if (opts.file) throw new UsageError('-f is for upsert');
  return { kind: 'get', entity, urn: opts.urn, target };
}

type Opts = {
  file?: string;
  urn?: string;
  server?: string;
  token?: string;
  hard?: boolean;
  'run-id'?: string;
  apply?: boolean;
  aspect?: string;
};

/**
 * The commands over any entity, runs and metadata tests (`ingest`, `runs`, `tests`, `get`, `delete`);
 * undefined for others.
 */
function metadataCommand(positional: readonly string[], opts: Opts, env: Env): Command | undefined {
  const [first, second, ...rest] = positional;
  if (!['ingest', 'runs', 'tests', 'get', 'delete'].includes(first ?? '')) return undefined;
  const extra = first === 'runs' || first === 'tests' ? rest[0] : second;
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const only = (allowed: (keyof Opts)[]) => {
    for (const k of ['file', 'urn', 'hard', 'run-id', 'apply', 'aspect'] as const)
      if (opts[k] !== undefined && !allowed.includes(k))
        throw new UsageError(`--${k} is not an option of ${first}`);
  };
  const target = resolveTarget(opts, env);
  if (first === 'ingest') {
    only(['file']);
    if (!opts.file) throw new UsageError('ingest needs -f <file>');
    return { kind: 'ingest', file: opts.file, target };
  }
  if (first === 'runs') {
    if (second !== 'list' && second !== 'show' && second !== 'rollback')
      throw new UsageError('runs needs list, show or rollback');
    only(second === 'rollback' ? ['run-id', 'apply'] : second === 'show' ? ['run-id'] : []);
    const runId = opts['run-id'] ?? '';
    if (second !== 'list' && !runId) throw new UsageError(`runs ${second} needs --run-id <id>`);
    return { kind: 'runs', action: second, runId, apply: opts.apply === true, target };
  }
  if (first === 'tests') {
    if (second !== 'run' && second !== 'evaluate') throw new UsageError('tests needs run or evaluate');
    only(['urn']);
    if (second === 'evaluate' && !opts.urn) throw new UsageError('tests evaluate needs --urn <entity>');
    return { kind: 'tests', action: second, ...(opts.urn ? { urn: opts.urn } : {}), target };
  }
  if (!opts.urn) throw new UsageError(`${first} needs --urn <urn>`);
  if (first === 'get') {
    only(['urn', 'aspect']);
    return { kind: 'getAny', urn: opts.urn, ...(opts.aspect ? { aspect: opts.aspect } : {}), target };
  }
  only(['urn', 'hard']);
  return { kind: 'deleteAny', urn: opts.urn, hard: opts.hard === true, target };
}

const readArgs = (argv: readonly string[]) =>
  nodeParseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });

/** Node's messages for a bad command line, in the tool's words (the option as typed). */
function usageMessage(err: unknown): string {
  const { code, message } = err as { code?: string; message?: string };
  const option = /'(-[^',]+)/.exec(message ?? '')?.[1] ?? 'an option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${option} needs a value`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return message ?? 'unexpected argument';
  return message ?? String(err);
}

/** The server and token: flags, then NEOHUB_GMS_*, then DATAHUB_GMS_*, then the local default. */
export function resolveTarget(opts: { server?: string; token?: string }, env: Env): Target {
  const pick = (...xs: (string | undefined)[]) => xs.find((x) => x !== undefined && x.trim() !== '');
  const server = pick(opts.server, env.NEOHUB_GMS_URL, env.DATAHUB_GMS_URL) ?? 'http://127.0.0.1:8080';
  if (!/^https?:\/\/[^/]/.test(server))
    throw new UsageError(`server must be an http(s) URL, not "${server}"`);
  const token = pick(opts.token, env.NEOHUB_GMS_TOKEN, env.DATAHUB_GMS_TOKEN);
  return token ? { server, token } : { server };
}
