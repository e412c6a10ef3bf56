/**
 * Confluent's wire framing of a record value: magic byte 0, the writer's schema id (4 bytes, big-endian),
 * then the Avro binary encoding.
 */
export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

export function readFrame(value: Buffer | null | undefined): { schemaId: number; payload: Buffer } {
  if (!value || value.length < 5)
    throw new FrameError('the record is shorter than a Confluent frame (5 bytes)');
  if (value[0] !== 0)
    throw new FrameError(`unknown magic byte ${value[0]} (a Confluent frame starts with 0)`);
  return { schemaId: value.readUInt32BE(1), payload: value.subarray(5) };
}

export function writeFrame(schemaId: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(schemaId, 1);
  return Buffer.concat([head, payload]);
}
