import type { FastifyReply } from 'fastify';
import type { FailedItem } from '../../src/services/index.js';

/**
 * The response header naming the items of an asynchronous batch that were refused while the others were
 * written (docs/decisions/0057): a JSON list of `{index, urn, aspect, message}`, ASCII only.
 */
export const FAILED_ITEMS_HEADER = 'X-Neohub-Failed-Items';
const MAX_ITEMS = 20;
const MAX_MESSAGE_CHARS = 300;

export function reportFailedItems(reply: FastifyReply, failed: readonly FailedItem[]): void {
  if (!failed.length) return;
  const shown = failed.slice(0, MAX_ITEMS).map((f) => ({
    index: f.index,
    urn: f.urn,
    aspect: f.aspect,
    message: f.message.length > MAX_MESSAGE_CHARS ? `${f.message.slice(0, MAX_MESSAGE_CHARS)}...` : f.message,
  }));
  const list = failed.length > shown.length ? [...shown, { more: failed.length - shown.length }] : shown;
  // JSON with every character beyond ASCII escaped, so that it is a valid header value.
  const json = JSON.stringify(list).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  reply.header(FAILED_ITEMS_HEADER, json);
}
