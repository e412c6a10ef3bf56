import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentCaller } from '../../src/auth/index.js';
import { BadRequestError } from '../../src/errors/index.js';
import {
  integerParam,
  SYSTEM_ACTOR,
  type ParamName,
  type Services,
  type WriteContext,
} from '../../src/services/index.js';

const traces = new WeakMap<FastifyRequest, string>();

/**
 * The W3C `traceparent` of a request's writes (made once per request): its trace id starts with the time
 * in microseconds, as DataHub's does. Write routes answer with it; the trace API follows it.
 */
export function traceparentOf(req: FastifyRequest): string {
  let tp = traces.get(req);
  if (!tp) {
    const micros = (BigInt(Date.now()) * 1000n).toString(16).padStart(16, '0');
    tp = `00-${micros}${randomBytes(8).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
    traces.set(req, tp);
  }
  return tp;
}

/** Who writes (the actor of the token, never a header, for AuditStamps) and under which trace. */
export function writeContext(req: FastifyRequest): WriteContext {
  return { actor: currentCaller()?.actor ?? SYSTEM_ACTOR, traceId: traceparentOf(req).split('-')[1] };
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

export const ok = (reply: FastifyReply, value: unknown): FastifyReply =>
  reply.header('Content-Type', 'application/json').send({ value });
