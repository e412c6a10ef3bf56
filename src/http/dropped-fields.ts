import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  collectingDroppedFields,
  DroppedFieldsCollector,
  type DroppedFields,
  type Services,
} from '../services/index.js';

/** The response header naming the fields a write dropped: `aspect/path, ...`. */
export const DROPPED_FIELDS_HEADER = 'X-Neohub-Dropped-Fields';
/** At most this many fields in the header (then `... and K more`), and this many characters each. */
const MAX_HEADER_ENTRIES = 20;
const MAX_ENTRY_CHARS = 200;
/** At most this many aspects, and paths of each, in the log line. */
const MAX_LOGGED = 50;

/**
 * Reports, for every route, the fields the request's writes dropped because neohub's model lacks them
 * (DataHub's service drops them too; docs/decisions/0050): each request collects what the one write
 * path drops, and a successful answer names those fields in `X-Neohub-Dropped-Fields` and logs one
 * warning with the URNs, aspects and fields.
 */
export function registerDroppedFieldsReport(app: FastifyInstance, log: Services['log']): void {
  const collectors = new WeakMap<FastifyRequest, DroppedFieldsCollector>();
  app.addHook('onRequest', (req, _reply, done) => {
    const collector = new DroppedFieldsCollector();
    collectors.set(req, collector);
    collectingDroppedFields(collector, done);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const collector = collectors.get(req);
    if (!collector || collector.empty || reply.statusCode >= 400) return payload;
    const entries = collector.entries();
    reply.header(DROPPED_FIELDS_HEADER, headerValue(entries));
    log.warn(
      {
        method: req.method,
        url: req.url.split('?')[0],
        dropped: entries.slice(0, MAX_LOGGED).map((e) => ({
          urn: e.urn,
          aspect: e.aspect,
          fields: e.paths.slice(0, MAX_LOGGED),
          ...(e.paths.length > MAX_LOGGED ? { moreFields: e.paths.length - MAX_LOGGED } : {}),
        })),
        ...(entries.length > MAX_LOGGED ? { moreAspects: entries.length - MAX_LOGGED } : {}),
      },
      'fields the model lacks were dropped from the written aspects',
    );
    return payload;
  });
}

/** `aspect/path` of each dropped field, once each whatever the entity, bounded in count and length. */
export function headerValue(entries: readonly DroppedFields[]): string {
  const fields = [...new Set(entries.flatMap((e) => e.paths.map((p) => headerSafe(`${e.aspect}${p}`))))];
  const shown = fields.slice(0, MAX_HEADER_ENTRIES);
  const more = fields.length - shown.length;
  return more > 0 ? `${shown.join(', ')}, ... and ${more} more` : shown.join(', ');
}

/** Printable ASCII only (a header carries no other), without the list's separator; then cut. */
function headerSafe(field: string): string {
  const safe = field.replace(/[^\x21-\x7e]|[,%]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '?'; // a lone surrogate: no UTF-8 to show
    }
  });
  return safe.length > MAX_ENTRY_CHARS ? `${safe.slice(0, MAX_ENTRY_CHARS - 3)}...` : safe;
}
