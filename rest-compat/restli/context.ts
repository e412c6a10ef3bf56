import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentCaller } from '../../src/auth/index.js';
import { BadRequestError } from '../../src/errors/index.js';
import {
  integerParam,
  requestTrace,
  SYSTEM_ACTOR,
  type ParamName,
  type Services,
  type WriteContext,
} from '../../src/services/index.js';

/**
 * The W3C `traceparent` answered to a request (`requestTrace`): the caller's trace when it sent a valid
 * `traceparent`, else a new one whose id starts with the time in microseconds, as DataHub's does. Every
 * answer carries it (src/http); the request's writes are recorded under its trace id.
 */
export const traceparentOf = (req: FastifyRequest): string => requestTrace(req).traceparent;

/** DataHub's OpenAPI paths, under any of the prefixes. */
const OPENAPI_PATH = /^(\/api)?(\/gms)?\/openapi\//;

/**
 * Who writes (the actor of the token, never a header, for AuditStamps), under which trace, and through
 * which of DataHub's interfaces (OpenAPI or Rest.li, by the path), as the written system metadata says.
 */
export function writeContext(req: FastifyRequest): WriteContext {
  return {
    actor: currentCaller()?.actor ?? SYSTEM_ACTOR,
    traceId: requestTrace(req).traceId,
    source: OPENAPI_PATH.test(req.url) ? 'OPENAPI' : 'RESTLI',
  };
}

/** The URN in a path like `/entitiesV2/<urn>`, raw or percent-encoded. */
export function urnFromPath(req: FastifyRequest): string {
  const star = (req.params as { '*'?: string })['*'] ?? '';
  const raw = star.startsWith('urn') ? star : decodeSafe(star);
  if (!raw) throw new BadRequestError('Missing URN in path');
  return raw.includes('%') ? decodeSafe(raw) : raw;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new BadRequestError(`Malformed percent-encoding in URN: ${s}`);
  }
}

export function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b))
    throw new BadRequestError('Request body must be a JSON object');
  return b as Record<string, unknown>;
}

/** An integer parameter of a body or query, within the bounds of the one table (`PARAMETERS`). */
export const optionalInt = (v: unknown, name: ParamName): number | undefined => integerParam(name, v);

/** A boolean parameter (JSON or its text), or `fallback` when absent; anything else is a 400. */
export function bool(v: unknown, name: string, fallback: boolean): boolean;
export function bool(v: unknown, name: string, fallback: boolean | undefined): boolean | undefined;
export function bool(v: unknown, name: string, fallback: boolean | undefined): boolean | undefined {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new BadRequestError(`${name} must be a boolean`);
}

export function requiredString(b: Record<string, unknown>, name: string): string {
  const v = b[name];
  if (typeof v !== 'string' || v === '') throw new BadRequestError(`Parameter '${name}' is required`);
  return v;
}

/** DataHub's `X-DataHub-Sync-Index-Update: true`: answer a write only once the search index has it. */
export async function syncIndexIfAsked(req: FastifyRequest, s: Services): Promise<void> {
  if (String(req.headers['x-datahub-sync-index-update'] ?? '').toLowerCase() === 'true')
    await s.search.waitForIndex();
}

export const action = (req: FastifyRequest): string | undefined => (req.query as { action?: string }).action;

/** A handler of one Rest.li action: the request body in, the response's `value` out. */
export type ActionHandler = (b: Record<string, unknown>, req: FastifyRequest) => Promise<unknown>;

/**
 * A Rest.li resource's actions, `POST path?action=name`, each answered `{value}` by its handler; an
 * action the resource does not have is a 400 naming it.
 */
export function actionRoutes(
  app: FastifyInstance,
  path: string,
  handlers: Record<string, ActionHandler>,
): void {
  app.post(path, async (req, reply) => {
    const name = action(req);
    const handler = name !== undefined && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    if (!handler) throw new BadRequestError(`Unsupported action on ${path}: ${String(name)}`);
    return ok(reply, await handler(body(req), req));
  });
}

export const ok = (reply: FastifyReply, value: unknown): FastifyReply =>
  reply.header('Content-Type', 'application/json').send({ value });
