import { lookup } from '../json/index.js';
import type { Target } from './client.js';

export const USAGE = `Usage: neohub <command> [options]

Commands:
  properties upsert -f <file.yaml>   create or update the structured properties defined in a YAML file
  properties get --urn <urn>         print a structured property (the v3 entity GET) as JSON
  dataset upsert -f <file.yaml>      write the datasets of a YAML file: properties and structured-property
                                     values, on the datasets and on their schema fields
  dataset get --urn <urn>            print a dataset (the v3 entity GET) as JSON
  properties delete --urn <urn> [--hard]
                                     soft delete a structured property (status removed); with --hard,
                                     delete it and (in the background) its values on every entity

Options:
  -f, --file <path>    the YAML file to read
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
  | { readonly kind: 'delete'; readonly urn: string; readonly hard: boolean; readonly target: Target };

type Env = Readonly<Record<string, string | undefined>>;

const OPTIONS: Record<string, string> = {
  '-f': 'file',
  '--file': 'file',
  '--urn': 'urn',
  '--server': 'server',
  '--token': 'token',
};
const GROUPS: Record<string, 'structuredProperty' | 'dataset'> = {
  properties: 'structuredProperty',
  property: 'structuredProperty',
  dataset: 'dataset',
  datasets: 'dataset',
};

/** Reads the command line; flags first, then the environment, then the defaults. Throws UsageError. */
export function parseArgs(argv: readonly string[], env: Env): Command {
  const positional: string[] = [];
  const opts: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--hard') {
      opts.hard = 'true';
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const name = lookup(OPTIONS, flag);
    if (!name) throw new UsageError(`unknown option ${flag}`);
    const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (opts[name] !== undefined) throw new UsageError(`${flag} is given twice`);
    opts[name] = value;
  }
  if (positional.length === 0) throw new UsageError('no command given');
  const [group, action, ...extra] = positional;
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
    return { kind: 'delete', urn: opts.urn, hard: opts.hard === 'true', target };
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

/** The server and token: flags, then NEOHUB_GMS_*, then DATAHUB_GMS_*, then the local default. */
export function resolveTarget(opts: { server?: string; token?: string }, env: Env): Target {
  const pick = (...xs: (string | undefined)[]) => xs.find((x) => x !== undefined && x.trim() !== '');
  const server = pick(opts.server, env.NEOHUB_GMS_URL, env.DATAHUB_GMS_URL) ?? 'http://127.0.0.1:8080';
  if (!/^https?:\/\/[^/]/.test(server))
    throw new UsageError(`server must be an http(s) URL, not "${server}"`);
  const token = pick(opts.token, env.NEOHUB_GMS_TOKEN, env.DATAHUB_GMS_TOKEN);
  return token ? { server, token } : { server };
}
