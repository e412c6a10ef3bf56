#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { evaluateTests, runTests } from './test-commands.js';
import path from 'node:path';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs, UsageError, USAGE } from './args.js';
import { GmsClient, type Target } from './client.js';
import { type Output, deleteProperty, printEntity, upsertDatasets, upsertProperties } from './commands.js';
import {
  deleteAny,
  getAny,
  ingestFile,
  listRuns,
  NO_PROGRESS,
  rollbackRun,
  showRun,
  type Progress,
} from './metadata-commands.js';
import { terminalProgress } from './progress.js';

/** Where `run` prints, and (for tests) the environment and fetch it uses instead of the process's. */
export interface CliIO extends Output {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly fetch?: typeof fetch;
  /** How `ingest` shows its progress (none unless given: the bin gives a bar on a terminal). */
  readonly progress?: Progress;
}

/**
 * In local mode (a server on this machine and no token given) the CLI uses the root token the service
 * generated into its home folder (`$NEOHUB_HOME`, default `./.neohub`), as the service prints at start.
 */
async function withLocalRootToken(
  target: Target,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Target> {
  const host = new URL(target.server).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return target;
  const file = path.resolve(env.NEOHUB_HOME || '.neohub', 'root-token');
  try {
    const token = (await readFile(file, 'utf8')).trim();
    return token ? { ...target, token } : target;
  } catch {
    return target;
  }
}

/** Runs one command line; answers the exit status (0 success, 1 failure, 2 usage error). Never throws. */
export async function run(args: readonly string[], io: CliIO): Promise<number> {
  let command;
  try {
    command = parseArgs(args, io.env ?? process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`neohub: ${err.message}`);
    io.err('Run "neohub --help" for usage.');
    return 2;
  }
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }
  const target = command.target.token
    ? command.target
    : await withLocalRootToken(command.target, io.env ?? process.env);
  const client = new GmsClient(target, io.fetch ?? fetch);
  try {
    if (command.kind === 'get') return await printEntity(client, io, command.entity, command.urn);
    if (command.kind === 'delete') return await deleteProperty(client, io, command.urn, command.hard);
    if (command.kind === 'getAny') return await getAny(client, io, command.urn, command.aspect);
    if (command.kind === 'deleteAny') return await deleteAny(client, io, command.urn, command.hard);
    if (command.kind === 'tests')
      return command.action === 'run'
        ? await runTests(client, io, command.urn)
        : await evaluateTests(client, io, command.urn ?? '');
    if (command.kind === 'runs') {
      if (command.action === 'list') return await listRuns(client, io);
      if (command.action === 'show') return await showRun(client, io, command.runId);
      return await rollbackRun(client, io, command.runId, command.apply);
    }
    let text: string;
    try {
      text = await readFile(command.file, 'utf8');
    } catch (err) {
      io.err(
        `${command.file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
      return 1;
    }
    if (command.kind === 'ingest')
      return await ingestFile(client, io, command.file, text, io.progress ?? NO_PROGRESS);
    return command.entity === 'structuredProperty'
      ? await upsertProperties(client, io, command.file, text)
      : await upsertDatasets(client, io, command.file, text);
  } catch (err) {
    io.err(`neohub: ${(err as Error).message}`);
    return 1;
  }
}

/** True when this module is the program Node was started with (the `neohub` bin), not an import. */
function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  const io: CliIO = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: process.stderr.isTTY ? terminalProgress() : NO_PROGRESS,
  };
  process.exitCode = await run(process.argv.slice(2), io);
}
