import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';

/** DataHub's system information paths (SystemInfoController). */
export const SYSTEM_INFO_PATH = '/openapi/v1/system-info';
/** DataHub's throttle control paths (ThrottleController). */
export const THROTTLE_PATH = '/openapi/operations/throttle/requests';

/** DataHub answers system information pretty-printed (as its `/config`). */
const pretty = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

/**
 * System information and the throttle (DataHub's MANAGE_SYSTEM_OPERATIONS: Admin only):
 * `GET /openapi/v1/system-info` (`{springComponents}`), `/spring-components`, `/properties` (every
 * setting with its source, secrets redacted) and `/properties/simple` (name to value);
 * `GET /openapi/operations/throttle/requests` (the active throttles, `{}` when none) and
 * `POST .../requests/manual?enabled=true|false` (turns the manual throttle on or off, then answers as GET).
 */
export function systemRoutes(app: FastifyInstance, s: Services): void {
  const json = { 'Content-Type': 'application/json' };
  app.get(SYSTEM_INFO_PATH, async (_req, reply) =>
    reply.headers(json).send(pretty({ springComponents: await s.systemInfo.springComponents() })),
  );
  app.get(`${SYSTEM_INFO_PATH}/spring-components`, async (_req, reply) =>
    reply.headers(json).send(pretty(await s.systemInfo.springComponents())),
  );
  app.get(`${SYSTEM_INFO_PATH}/properties`, async (_req, reply) =>
    reply.headers(json).send(pretty(s.systemInfo.properties())),
  );
  app.get(`${SYSTEM_INFO_PATH}/properties/simple`, async (_req, reply) =>
    reply.headers(json).send(pretty(s.systemInfo.simpleProperties())),
  );
  app.get(THROTTLE_PATH, async (_req, reply) => reply.send(s.throttle.events()));
  app.post(`${THROTTLE_PATH}/manual`, async (req, reply) => {
    const v = (req.query as Record<string, string | string[] | undefined>).enabled;
    const text = Array.isArray(v) ? v.at(-1) : v;
    if (text === undefined || text === '')
      throw new BadRequestError("Required parameter 'enabled' (true or false) is not present");
    if (!/^(true|false)$/i.test(text))
      throw new BadRequestError(`Parameter 'enabled' must be true or false, got "${text}"`);
    return reply.send(s.throttle.setManual(text.toLowerCase() === 'true'));
  });
}
