import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { newToken, TOKEN_FORM } from './tokens.js';

/**
 * The secrets a service holds from its first start: the root token, the root user's password and the key
 * of stored secrets. Each is its configured value, else the one in its file of the home folder, generated
 * there on first start with mode 0600. Only a file's path is ever logged, never what it holds.
 */
interface HomeSecret {
  readonly file: string;
  readonly variable: string;
  readonly minLength: number;
  readonly make: () => string;
  /** Whether a value read from the file has the generated form. */
  readonly form: RegExp;
  readonly what: string;
}

const ROOT_TOKEN: HomeSecret = {
  file: 'root-token',
  variable: 'NEOHUB_ROOT_TOKEN',
  minLength: 32,
  make: newToken,
  form: TOKEN_FORM,
  what: 'root token',
};
const ROOT_PASSWORD: HomeSecret = {
  file: 'root-password',
  variable: 'NEOHUB_ROOT_PASSWORD',
  minLength: 8,
  make: () => randomBytes(18).toString('base64url'),
  form: /^\S{8,1024}$/,
  what: 'root password',
};
const SECRET_KEY: HomeSecret = {
  file: 'secret-key',
  variable: 'SECRET_SERVICE_ENCRYPTION_KEY',
  minLength: 16,
  make: () => randomBytes(32).toString('base64url'),
  form: /^\S{16,}$/,
  what: 'secret key',
};

export const rootTokenFile = (home: string): string => path.join(home, ROOT_TOKEN.file);
export const rootPasswordFile = (home: string): string => path.join(home, ROOT_PASSWORD.file);

export const loadRootToken = (configured: string | undefined, home: string, log: Logger): Promise<string> =>
  load(ROOT_TOKEN, configured, home, log);
export const loadRootPassword = (
  configured: string | undefined,
  home: string,
  log: Logger,
): Promise<string> => load(ROOT_PASSWORD, configured, home, log);
export const loadSecretKey = (configured: string | undefined, home: string, log: Logger): Promise<string> =>
  load(SECRET_KEY, configured, home, log);

async function load(
  s: HomeSecret,
  configured: string | undefined,
  home: string,
  log: Logger,
): Promise<string> {
  if (configured) {
    if (configured.length < s.minLength)
      throw new Error(`${s.variable} must be at least ${s.minLength} characters long`);
    return configured;
  }
  const file = path.join(home, s.file);
  try {
    const value = (await readFile(file, 'utf8')).trim();
    if (!s.form.test(value))
      throw new Error(`${file} does not hold a neohub ${s.what}; delete it to get a new one`);
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
    log.info({ file }, `${s.what}: read from the file`);
    return value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(home, { recursive: true });
  const value = s.make();
  await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  log.warn({ file }, `${s.what}: generated into this file`);
  return value;
}
