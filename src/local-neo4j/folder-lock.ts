import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './process.js';

/** Another live process holds the server folder: starting a second server on it would corrupt the store. */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `Another neohub (pid ${pid}) is already running on ${folder}: two servers on one store would corrupt it, ` +
        `so this one stops here.\nUse the running one, stop it first (Ctrl-C in its terminal, or kill ${pid}), ` +
        `or give this one a folder of its own with NEOHUB_HOME=<folder>.`,
    );
    this.name = 'FolderInUseError';
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder's lock (`run/neohub.lock`, created exclusively, holding this process's pid) or throws
 * `FolderInUseError` when a live process holds it. A lock left by a process that died (`kill -9`) is taken
 * over. Returns the release, which the process's exit also runs.
 */
export function lockFolder(folder: string, runDir: string): () => void {
  mkdirSync(runDir, { recursive: true });
  const file = path.join(runDir, 'neohub.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder(file);
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) throw new FolderInUseError(folder, pid);
      // A lock taken over by a start racing this one: that one won.
      if (attempt > 0) throw new FolderInUseError(folder, pid ?? 0);
      rmSync(file, { force: true });
    }
  }
  const release = (): void => {
    process.removeListener('exit', release);
    if (holder(file) === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
