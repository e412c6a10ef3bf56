import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { run } from '../../src/cli/index.js';
import type { Runtime } from '../../src/runtime.js';
import { startTestServer, unique } from './runtime.js';

/** What a CLI test suite has: the server, the CLI run in-process against it, and scratch files. */
export interface CliSuite {
  readonly rt: () => Runtime;
  /** Runs the CLI in-process against the suite's server, with an empty environment. */
  cli(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }>;
  /** Writes a scratch file (removed after the suite) and answers its path. */
  file(name: string, text: string): string;
}

/** Starts a server before the suite's tests and stops it (and removes the scratch files) after. */
export function useCliSuite(): CliSuite {
  let rt: Runtime | undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'neohub-cli-'));
  beforeAll(async () => {
    rt = await startTestServer();
  });
  afterAll(async () => {
    await rt?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const server = (): Runtime => {
    if (!rt) throw new Error('the CLI suite has no server yet');
    return rt;
  };
  return {
    rt: server,
    async cli(...args) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await run([...args, '--server', server().url], {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        env: {},
      });
      return { code, out, err };
    },
    file(name, text) {
      const p = path.join(dir, `${unique()}-${name}`);
      writeFileSync(p, text);
      return p;
    },
  };
}
