import type { Tx } from './executor.js';

/** What the writes of one trace changed: each (urn, aspect) with the last sequence number that wrote it. */
export async function readTrace(
  tx: Tx,
  traceId: string,
): Promise<{ urn: string; aspect: string; seq: number }[]> {
  const res = await tx.run<{ seq: number; urns: string[]; aspects: string[] }>(
    `MATCH (c:ChangeLog {traceId: $traceId})
     RETURN c.seq AS seq, c.urns AS urns, c.aspects AS aspects ORDER BY c.seq`,
    { traceId },
  );
  const out = new Map<string, { urn: string; aspect: string; seq: number }>();
  for (const r of res.records) {
    const aspects = r.get('aspects');
    r.get('urns').forEach((urn, i) => {
      const aspect = aspects[i] ?? '';
      out.set(`${urn}\u0000${aspect}`, { urn, aspect, seq: r.get('seq') + i });
    });
  }
  return [...out.values()];
}
