import { once } from 'node:events';
import { createRequire } from 'node:module';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corkBoltWrites } from '../../src/store/bolt-writes.js';
import {
  CHANNEL_MODULE,
  channelPrototype,
  uncorkedSocket,
  type BoltChannel,
} from '../../src/store/driver-internals.js';

/**
 * The internals of neo4j-driver that `src/store/driver-internals.ts` reads, on real driver objects of the
 * pinned version, without a Neo4j: the driver's socket channel connected to a plain TCP server here. If a
 * driver upgrade moves or changes them, this fails (the flow control of a result needs a server:
 * test/integration/driver-internals.test.ts).
 */

const require = createRequire(import.meta.url);

type Connect = (config: unknown, onConnect: () => void, onError: (err: Error) => void) => net.Socket;
interface ChannelClass {
  new (config: { connectionErrorCode: string }, connect: Connect): BoltChannel & { close(): Promise<void> };
}
const NodeChannel = (require(CHANNEL_MODULE) as { default: ChannelClass }).default;
const ChannelBuffer = (
  require('neo4j-driver-bolt-connection/lib/channel/channel-buf.js') as {
    default: new (b: Buffer) => unknown;
  }
).default;

let server: net.Server;
let port = 0;
const received: Buffer[] = [];

beforeAll(async () => {
  server = net.createServer((s) => s.on('data', (b: Buffer) => received.push(b)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A driver channel to the server here, and a promise of its connection. */
function open(): { channel: BoltChannel & { close(): Promise<void> }; connected: Promise<void> } {
  let connected!: () => void;
  const done = new Promise<void>((resolve) => (connected = resolve));
  const channel = new NodeChannel({ connectionErrorCode: 'ServiceUnavailable' }, (_c, onConnect, onError) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      onConnect();
      connected();
    });
    socket.on('error', onError);
    return socket;
  });
  return { channel, connected: done };
}

async function receivedBytes(n: number): Promise<string> {
  for (let i = 0; i < 200 && Buffer.concat(received).length < n; i++)
    await new Promise((r) => setTimeout(r, 5));
  return Buffer.concat(received).toString();
}

describe('driver internals (neo4j-driver as pinned in package.json)', () => {
  it('is the pinned version', () => {
    const pkg = require('../../package.json') as { dependencies: Record<string, string> };
    const installed = require('neo4j-driver/package.json') as { version: string };
    expect(pkg.dependencies['neo4j-driver']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed.version).toBe(pkg.dependencies['neo4j-driver']);
  });

  it("finds the socket channel's prototype and its write", () => {
    const proto = channelPrototype();
    expect(proto).toBe(NodeChannel.prototype);
    expect(typeof proto?.write).toBe('function');
  });

  it('queues writes on _pending until connected, then writes to _conn, a socket that corks', async () => {
    received.length = 0;
    const { channel, connected } = open();
    expect(Array.isArray(channel._pending)).toBe(true);
    expect(uncorkedSocket(channel)).toBeUndefined();
    channel.write(new ChannelBuffer(Buffer.from('a')));
    expect(channel._pending).toHaveLength(1);
    await connected;
    expect(channel._pending).toBeNull();
    expect(channel._conn).toBeInstanceOf(net.Socket);
    const conn = uncorkedSocket(channel);
    expect(conn).toBe(channel._conn);
    channel.write(new ChannelBuffer(Buffer.from('b')));
    expect(await receivedBytes(2)).toBe('ab');
    conn?.cork();
    expect(conn?.writableCorked).toBe(1);
    expect(uncorkedSocket(channel)).toBeUndefined();
    conn?.uncork();
    expect(conn?.writableCorked).toBe(0);
    await channel.close();
  });

  it("corkBoltWrites corks a connected channel's socket for the tick of its writes (patched once)", async () => {
    received.length = 0;
    expect(corkBoltWrites()).toBe(true);
    expect(corkBoltWrites()).toBe(true);
    const { channel, connected } = open();
    await connected;
    channel.write(new ChannelBuffer(Buffer.from('c')));
    channel.write(new ChannelBuffer(Buffer.from('d')));
    expect(channel._conn?.writableCorked).toBe(1);
    await new Promise((r) => process.nextTick(r));
    expect(channel._conn?.writableCorked).toBe(0);
    expect(await receivedBytes(2)).toBe('cd');
    await channel.close();
  });
});
