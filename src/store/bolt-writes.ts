import { createRequire } from 'node:module';

/** What the driver's socket channel looks like from here (its module is CommonJS, without types). */
interface Channel {
  _pending: unknown[] | null;
  _conn: { cork(): void; uncork(): void; writableCorked: number } | undefined;
  write(buffer: unknown): void;
}

let corked: boolean | undefined;

/**
 * The driver writes a Bolt message to its socket in chunks of 1,400 bytes, one write system call each:
 * a batch of 1,000 aspects (about a megabyte) is some 700 calls, and profiling the write path found
 * a fifth of its CPU there. Corking the socket while a message is written, and uncorking it on the next
 * tick, sends the chunks of everything written in that tick in one call. The bytes on the wire are the
 * same. The channel is an internal of the driver's version in package-lock.json: if it is not found, or
 * looks different, nothing is changed (and a unit test fails).
 */
export function corkBoltWrites(): boolean {
  corked ??= cork();
  return corked;
}

/** Wraps the channel's write; whether it could. */
function cork(): boolean {
  let proto: Channel | undefined;
  try {
    const require = createRequire(import.meta.url);
    const mod = require('neo4j-driver-bolt-connection/lib/channel/node/node-channel.js') as {
      default?: { prototype?: Channel };
    };
    proto = mod.default?.prototype;
  } catch {
    return false;
  }
  if (!proto || typeof proto.write !== 'function') return false;
  const write = proto.write;
  proto.write = function (this: Channel, buffer: unknown): void {
    const conn = this._conn;
    if (this._pending === null && conn && typeof conn.cork === 'function' && !conn.writableCorked) {
      conn.cork();
      process.nextTick(() => conn.uncork());
    }
    write.call(this, buffer);
  };
  return true;
}
