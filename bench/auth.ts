import { newToken } from '../src/auth/index.js';

/**
 * The benchmark's server runs as users run it, authentication on, with this root token; every request
 * carries it, so the figures include the token check.
 */
export const BENCH_TOKEN = newToken();
export const AUTH = { Authorization: `Bearer ${BENCH_TOKEN}` } as const;
