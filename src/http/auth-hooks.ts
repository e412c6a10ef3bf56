import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inRequestScope, requirePrivilege, setCaller, type AuthService, type Caller } from '../auth/index.js';
import { ForbiddenError, RateLimitedError } from '../errors/index.js';
import { policyOf, privilegeOf, type Policy } from './route-policy.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ThrottleService } from '../services/index.js';
import { CSRF_COOKIE, CSRF_HEADER, cookieSession, SESSION_COOKIE } from './session-cookies.js';

/** What a write held back by the manual throttle is told to wait (it lasts until an Admin lifts it). */
const THROTTLE_RETRY_SECONDS = 60;

/** The paths a session cookie authenticates: GraphQL, which the web app speaks. */
const COOKIE_PATHS = /^(\/api\/gms|\/gms)?\/api\/graphql(\/|\?|$)/;

/**
 * The request's `Authorization` header; on GraphQL without one, the session cookie's token as a bearer,
 * when the request proves it comes from neohub's own page (its CSRF header matches the CSRF cookie).
 */
function authorization(req: FastifyRequest): string | undefined {
  if (req.headers.authorization !== undefined || !COOKIE_PATHS.test(req.url))
    return req.headers.authorization;
  const session = cookieSession(req);
  if (!session) return undefined;
  if (!session.csrf)
    throw new ForbiddenError(
      `A session cookie (${SESSION_COOKIE}) is accepted only with the ${CSRF_HEADER} header equal to the ${CSRF_COOKIE} cookie.`,
    );
  return `Bearer ${session.token}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access policy per method, as registered (the auth tests iterate it). */
    readonly routePolicies: { readonly method: string; readonly url: string; readonly policy: Policy }[];
  }
  interface FastifyContextConfig {
    /** The access policy of each method of the route. */
    policies?: Readonly<Record<string, Policy>>;
  }
}

/**
 * Authentication and the route-level privilege check, for every route: each route must have a policy
 * (the app does not start otherwise); a request gets its own scope, its caller from its bearer token
 * (401 without a valid one; on GraphQL, or its session cookie with a CSRF token), a rate limit per token and per actor (429 with Retry-After), and a 403 when its role is
 * below the route's privilege, and a 429 for a write while the manual throttle is on. Headers never name
 * the caller: only the token does.
 */
export function registerAuthHooks(
  app: FastifyInstance,
  auth: AuthService,
  limiter: RateLimiter,
  throttle: ThrottleService,
): void {
  const table: { method: string; url: string; policy: Policy }[] = [];
  app.decorate('routePolicies', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const policies: Record<string, Policy> = {};
    for (const method of methods) {
      const policy = policyOf(method, route.url);
      if (!policy)
        throw new Error(`No access policy for ${method} ${route.url}: add it to src/http/route-policy.ts`);
      policies[method] = policy;
      table.push({ method, url: route.url, policy });
    }
    route.config = { ...(route.config as object), policies };
  });
  app.addHook('onRequest', (_req, _reply, done) => inRequestScope(done));
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const policy = req.routeOptions.config?.policies?.[req.method] ?? 'read';
    const privilege = privilegeOf(policy, (req.query as { action?: string } | undefined)?.action);
    if (privilege === 'public') return;
    const caller: Caller = await auth.authenticate(authorization(req));
    setCaller(caller);
    // Per token, and per actor across all its tokens: minting more tokens does not buy more requests.
    const wait = Math.max(
      caller.tokenId ? limiter.take(`token:${caller.tokenId}`) : 0,
      limiter.take(`actor:${caller.actor}`),
    );
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new RateLimitedError(wait);
    }
    requirePrivilege(privilege, `${req.method} ${req.url.split('?')[0]}`);
    // DataHub's manual throttle (`/openapi/operations/throttle/requests/manual`): writes wait, except
    // from a browser (the web app), as DataHub exempts its UI.
    if (privilege === 'write' && throttle.active && !/^Mozilla\//.test(req.headers['user-agent'] ?? '')) {
      reply.header('Retry-After', String(THROTTLE_RETRY_SECONDS));
      const err = new RateLimitedError(THROTTLE_RETRY_SECONDS);
      err.message = `Writes are throttled (the manual API-requests throttle is on): retry after ${THROTTLE_RETRY_SECONDS} s`;
      throw err;
    }
  });
}
