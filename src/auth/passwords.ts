import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Native users' passwords, kept in DataHub's `corpUserCredentials` aspect (`salt`, `hashedPassword`).
 * neohub hashes with scrypt (Node's, from OpenSSL): `hashedPassword` is `$scrypt$ln=15,r=8,p=1$<hash>`
 * and `salt` the base64 of 16 random bytes. A hash written by DataHub (a single SHA-256 over the salt and
 * the password, its salt encrypted with DataHub's secret key) is checked when neohub holds that key
 * (`SECRET_SERVICE_ENCRYPTION_KEY`, DataHub's name), and rehashed with scrypt on the first sign-in it
 * passes (decision 0047).
 */
export interface Credentials {
  readonly salt: string;
  readonly hashedPassword: string;
}

const PREFIX = '$scrypt$';
/** Cost 2^15, block 8, one lane: 32 MiB and about 100 ms per hash on this project's machines. */
const PARAMS = { ln: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Longest password accepted: scrypt takes any length, but a hash of megabytes is work for nobody. */
export const MAX_PASSWORD = 1024;

const derive = (password: string, salt: Buffer, ln: number, r: number, p: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: 2 ** ln, r, p, maxmem: 256 * 2 ** ln * r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );

/** A new salt and scrypt hash of `password`. */
export async function hashPassword(password: string): Promise<Credentials> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.ln, PARAMS.r, PARAMS.p);
  return {
    salt: salt.toString('base64'),
    hashedPassword: `${PREFIX}ln=${PARAMS.ln},r=${PARAMS.r},p=${PARAMS.p}$${key.toString('base64')}`,
  };
}

/**
 * Whether `password` is the one `creds` were made from: `match`, `mismatch`, or `rehash` (it matches a
 * hash of DataHub's, which should be replaced by one of neohub's). A DataHub hash without DataHub's key
 * (`dataHubKey`) cannot be checked: `unverifiable`.
 */
export async function checkPassword(
  creds: Credentials,
  password: string,
  dataHubKey: string | undefined,
): Promise<'match' | 'mismatch' | 'rehash' | 'unverifiable'> {
  if (password.length > MAX_PASSWORD) return 'mismatch';
  if (creds.hashedPassword.startsWith(PREFIX)) {
    const m = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)$/.exec(
      creds.hashedPassword,
    );
    if (!m) return 'mismatch';
    const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (ln < 10 || ln > 20 || r < 1 || r > 32 || p < 1 || p > 4) return 'mismatch';
    const key = await derive(password, Buffer.from(creds.salt, 'base64'), ln, r, p);
    return same(key, Buffer.from(m[4] as string, 'base64')) ? 'match' : 'mismatch';
  }
  if (dataHubKey === undefined) return 'unverifiable';
  const saltText = decryptDataHubSecret(creds.salt, dataHubKey);
  if (saltText === undefined) return 'mismatch';
  const hash = createHash('sha256')
    .update(Buffer.concat([Buffer.from(saltText, 'base64'), Buffer.from(password, 'utf8')]))
    .digest();
  return same(hash, Buffer.from(creds.hashedPassword, 'base64')) ? 'rehash' : 'mismatch';
}

const same = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/**
 * A value DataHub's secret service encrypted: `v2:` and base64 of a 12-byte IV, the AES-256-GCM
 * ciphertext and its tag, under HMAC-SHA256(SHA-256(key), "DataHub-AES-GCM-Key"); without the prefix,
 * DataHub's first format (AES-128-ECB under the first 16 bytes of SHA-1(key)). Undefined when it does not
 * decrypt.
 */
export function decryptDataHubSecret(value: string, key: string): string | undefined {
  try {
    if (value.startsWith('v2:')) {
      const raw = Buffer.from(value.slice(3), 'base64');
      if (raw.length < 12 + 16) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', dataHubAesKey(key), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    }
    const legacy = createHash('sha1').update(key, 'utf8').digest().subarray(0, 16);
    const decipher = createDecipheriv('aes-128-ecb', legacy, null);
    return Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Encrypts as DataHub's secret service does (its `v2:` format); for tests of DataHub-written values. */
export function encryptDataHubSecret(value: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataHubAesKey(key), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `v2:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
}

const dataHubAesKey = (key: string): Buffer =>
  createHmac('sha256', createHash('sha256').update(key, 'utf8').digest())
    .update('DataHub-AES-GCM-Key', 'utf8')
    .digest();

/** A token of `length` lowercase letters, as DataHub makes invite and reset tokens. */
export function letterToken(length = 32): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(97 + randomInt(26));
  return out;
}

/** DataHub's `hashString`: base64 of SHA-256, the id of an invite token's URN. */
export const sha256Base64 = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('base64');
