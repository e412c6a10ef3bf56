import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Opaque tokens: `nh_` and 32 random bytes, base64url. Not JWTs: nothing in them is trusted (decision 0015). */
export const TOKEN_FORM = /^nh_[A-Za-z0-9_-]{43}$/;

export const newToken = (): string => `nh_${randomBytes(32).toString('base64url')}`;

/** The id a token is stored and revoked under: its SHA-256, base64url. The token itself is never stored. */
export const tokenId = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Constant-time comparison of two token ids. */
export function sameId(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** DataHub's token durations, in milliseconds (null: no expiry). */
export const DURATIONS: Readonly<Record<string, number | null>> = {
  ONE_HOUR: 3_600_000,
  ONE_DAY: 86_400_000,
  ONE_WEEK: 7 * 86_400_000,
  ONE_MONTH: 30 * 86_400_000,
  THREE_MONTHS: 90 * 86_400_000,
  SIX_MONTHS: 180 * 86_400_000,
  ONE_YEAR: 365 * 86_400_000,
  NO_EXPIRY: null,
};
