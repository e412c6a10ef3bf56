import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { newToken, TOKEN_FORM } from './tokens.js';

export const rootTokenFile = (home: string): string => path.join(home, 'root-token');

/**
 * The root token: NEOHUB_ROOT_TOKEN, else the one in `<home>/root-token`, generated there on first start
 * with mode 0600. Only the file's path is ever logged, never the token.
 */
export async function loadRootToken(
  configured: string | undefined,
  home: string,
  log: Logger,
): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error('NEOHUB_ROOT_TOKEN must be at least 32 characters long');
    return configured;
  }
  const file = rootTokenFile(home);
  try {
    const token = (await readFile(file, 'utf8')).trim();
    if (!TOKEN_FORM.test(token))
      throw new Error(`${file} does not hold a neohub token; delete it to get a new one`);
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
    log.info({ file }, 'root token: read from the file');
    return token;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(home, { recursive: true });
  const token = newToken();
  await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  log.warn({ file }, 'root token: generated; the CLI and the tests read it from this file');
  return token;
}
