import { channelPrototype, uncorkedSocket, type BoltChannel } from './driver-internals.js';

let corked: boolean | undefined;

/**
 * The driver writes a Bolt message to its socket in chunks of 1,400 bytes, one write system call each:
 * a batch of 1,000 aspects (about a megabyte) is some 700 calls, and profiling the write path found
 * a fifth of its CPU there. Corking the socket while a message is written, and uncorking it on the next
 * tick, sends the chunks of everything written in that tick in one call. The bytes on the wire are the
 * same. The channel is an internal of the pinned driver (`driver-internals.ts`): if it is not found, or
 * looks different, nothing is changed (and a unit test fails).
 */
export function corkBoltWrites(): boolean {
  corked ??= cork();
  return corked;
}

/** Wraps the channel's write; whether it could. */
function cork(): boolean {
  const proto = channelPrototype();
  if (!proto) return false;
  const write = proto.write;
  proto.write = function (this: BoltChannel, buffer: unknown): void {
    const conn = uncorkedSocket(this);
    if (conn) {
      conn.cork();
      process.nextTick(() => conn.uncork());
    }
    write.call(this, buffer);
  };
  return true;
}
