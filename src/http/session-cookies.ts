import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie: the session token, never readable by the page's scripts. */
export const SESSION_COOKIE = 'neohub_session';
/** The CSRF cookie: a random value the page reads and sends back in `X-CSRF-Token` (double submit). */
export const CSRF_COOKIE = 'neohub_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** DataHub's `actor` cookie: the signed-in user's URN, for the page to read. */
export const ACTOR_COOKIE = 'actor';

/** The cookies of a request (`Cookie` header), by name; the first of a repeated name wins. */
export function cookiesOf(req: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!out.has(name)) {
      try {
        out.set(name, decodeURIComponent(part.slice(i + 1).trim()));
      } catch {
        out.set(name, part.slice(i + 1).trim());
      }
    }
  }
  return out;
}

/**
 * The session token of a cookie-authenticated request when its CSRF token matches (the header equals
 * the CSRF cookie, which another site's page can neither read nor set); undefined with no session cookie.
 * A session cookie without a matching CSRF token is refused: `csrf` is false.
 */
export function cookieSession(req: FastifyRequest): { token: string; csrf: boolean } | undefined {
  const cookies = cookiesOf(req);
  const token = cookies.get(SESSION_COOKIE);
  if (!token) return undefined;
  const expected = cookies.get(CSRF_COOKIE) ?? '';
  const given = req.headers[CSRF_HEADER];
  const sent = typeof given === 'string' ? given : '';
  const csrf =
    expected.length >= 32 &&
    sent.length === expected.length &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  return { token, csrf };
}

/** Sets the session, CSRF and actor cookies of a new session. */
export function setSessionCookies(
  reply: FastifyReply,
  session: { token: string; expiresAt: number; actor: string },
  secure: boolean,
  now = Date.now(),
): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt - now) / 1000));
  const common = `Path=/; Max-Age=${maxAge}; SameSite=Strict${secure ? '; Secure' : ''}`;
  reply.header('Set-Cookie', [
    `${SESSION_COOKIE}=${session.token}; HttpOnly; ${common}`,
    `${CSRF_COOKIE}=${randomBytes(32).toString('base64url')}; ${common}`,
    `${ACTOR_COOKIE}=${encodeURIComponent(session.actor)}; ${common}`,
  ]);
}

/** Clears the three cookies (sign-out). */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const gone = `Path=/; Max-Age=0; SameSite=Strict${secure ? '; Secure' : ''}`;
  reply.header('Set-Cookie', [
    `${SESSION_COOKIE}=; HttpOnly; ${gone}`,
    `${CSRF_COOKIE}=; ${gone}`,
    `${ACTOR_COOKIE}=; ${gone}`,
  ]);
}
