import type { SearchService } from '../../search-sync/service/index.js';
import type { Registry } from '../registry/index.js';
import type { EntityStore } from '../store/index.js';
import { redactionOf } from '../auth/index.js';

/** DataHub's write states of the trace API. */
export type WriteStatus = 'ACTIVE_STATE' | 'HISTORIC_STATE' | 'PENDING' | 'NO_OP';

export interface AspectTrace {
  readonly success: boolean;
  readonly primaryStorage: { readonly writeStatus: WriteStatus };
  readonly searchStorage: { readonly writeStatus: WriteStatus };
}

/**
 * The state of the writes of one trace (DataHub's `POST /openapi/v1/trace/write/{traceId}`, which the
 * SDK polls in ASYNC_WAIT mode): for each asked (urn, aspect), whether that trace wrote it (else NO_OP),
 * whether what it wrote is still the latest version (ACTIVE_STATE) or was overwritten or deleted since
 * (HISTORIC_STATE), and whether the search index has applied that change yet (PENDING until the sync
 * checkpoint passes it). Answers from the change log, which keeps the trace of every write.
 */
export class TraceService {
  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly search: SearchService,
  ) {}

  async writes(
    traceId: string,
    asked: readonly { readonly urn: string; readonly aspects: readonly string[] }[],
  ): Promise<Map<string, Map<string, AspectTrace>>> {
    redactionOf(this.registry).requireUrns(asked.map((a) => a.urn));
    const written = new Map(
      (await this.store.trace(traceId)).map((w) => [`${w.urn}\u0000${w.aspect}`, w.seq] as const),
    );
    const { checkpoint } = await this.search.status();
    const requests = asked.map((a) => {
      const { parsed, entity } = this.registry.parseEntityUrn(a.urn);
      const names = a.aspects.length ? a.aspects : entity.aspects;
      const resolved = names.map((n) => ({
        name: n,
        spec: entity.aspects.find((x) => x === n || x.toLowerCase() === n.toLowerCase()),
      }));
      return { urn: parsed.urn, resolved };
    });
    const current = new Map(
      (await this.store.latest(requests.map((r) => r.urn))).map(
        (a) => [`${a.urn}\u0000${a.name}`, a] as const,
      ),
    );
    const out = new Map<string, Map<string, AspectTrace>>();
    for (const { urn, resolved } of requests) {
      const entry = out.get(urn) ?? new Map<string, AspectTrace>();
      for (const { name, spec } of resolved) {
        const seq = spec === undefined ? undefined : written.get(`${urn}\u0000${spec}`);
        let primary: WriteStatus = 'NO_OP';
        if (seq !== undefined) {
          const now = spec === undefined ? undefined : current.get(`${urn}\u0000${spec}`);
          const timeseries = spec !== undefined && this.registry.findAspect(spec)?.timeseries === true;
          primary =
            timeseries || traceOf(now?.systemMetadata ?? null) === traceId
              ? 'ACTIVE_STATE'
              : 'HISTORIC_STATE';
        }
        const search: WriteStatus = seq === undefined ? 'NO_OP' : checkpoint < seq ? 'PENDING' : primary;
        entry.set(name, {
          success: true,
          primaryStorage: { writeStatus: primary },
          searchStorage: { writeStatus: search },
        });
      }
      out.set(urn, entry);
    }
    return out;
  }
}

/** The trace id a version of an aspect was written under (its system metadata). */
function traceOf(systemMetadata: string | null): string | undefined {
  if (!systemMetadata) return undefined;
  const sm = JSON.parse(systemMetadata) as { properties?: { telemetryTraceId?: unknown } };
  return typeof sm.properties?.telemetryTraceId === 'string' ? sm.properties.telemetryTraceId : undefined;
}
