import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: the buckets of the request latency histogram (1 ms to 30 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The buckets of the GraphQL cost histogram (neohub's cost units: each field 1, times page sizes). */
const COST_BUCKETS = [10, 100, 1_000, 10_000, 100_000, 1_000_000];

/** One sample of a gauge read when Prometheus scrapes: its labels and value. */
export interface GaugeSample {
  readonly labels?: Readonly<Record<string, string>>;
  readonly value: number;
}

/**
 * The service's Prometheus metrics, in a registry of its own (several servers may share a process, as
 * the tests' do). Requests are counted under Micrometer's names (`http_server_requests_seconds`, with
 * `method`, `uri`, `status` and `outcome`), which DataHub's service exports and its dashboards read;
 * what is neohub's own is named `neohub_*`. State that already lives elsewhere (the change log's head,
 * a follower's checkpoint, the graph store's open work) is read when scraped, never pushed; what this
 * process does (writes committed, entries its followers applied) is counted as it happens, through the
 * observers the wiring hands the write path and the followers (nothing else imports this module).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_server_requests_seconds',
    help: 'HTTP requests by method, route (uri), status and outcome, with their duration in seconds',
    labelNames: ['method', 'uri', 'status', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly writes = new Counter({
    name: 'neohub_writes_total',
    help: 'Write transactions committed by the one write path, by kind (ingest: proposals of any transport or job; rollback: a run undone; timeseries_delete: time-series values deleted by range)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly aspects = new Counter({
    name: 'neohub_written_aspects_total',
    help: "Aspect changes the committed writes logged (their change-log entries), by kind of write, the aspect's entity type and its change type (UPSERT or DELETE; DataHub's aspect.entity_type and aspect.change_type)",
    labelNames: ['kind', 'aspect_entity_type', 'aspect_change_type'] as const,
    registers: [this.registry],
  });
  private readonly applied = new Counter({
    name: 'neohub_follower_applied_total',
    help: 'Change-log entries each change-log follower of this process applied (its checkpoint moved past them): the search sync, the metadata-test results, the Kafka publisher',
    labelNames: ['follower'] as const,
    registers: [this.registry],
  });
  private readonly graphqlCost = new Histogram({
    name: 'neohub_graphql_operation_cost',
    help: 'The estimated cost of each GraphQL operation (the figure NEOHUB_GRAPHQL_MAX_COST limits)',
    labelNames: ['operation_type'] as const,
    buckets: COST_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts a request that was answered, with its duration. */
  request(method: string, uri: string, status: number, seconds: number): void {
    this.requests.observe({ method, uri, status: String(status), outcome: outcomeOf(status) }, seconds);
  }

  /** Counts a committed write transaction of a kind, and the aspect changes it logged. */
  written(
    kind: string,
    changes: readonly { readonly entityType: string; readonly changeType: string }[],
  ): void {
    this.writes.inc({ kind });
    const counts = new Map<string, { entityType: string; changeType: string; n: number }>();
    for (const c of changes) {
      const key = `${c.entityType}\u0000${c.changeType}`;
      const found = counts.get(key);
      if (found) found.n++;
      else counts.set(key, { entityType: c.entityType, changeType: c.changeType, n: 1 });
    }
    for (const c of counts.values())
      this.aspects.inc({ kind, aspect_entity_type: c.entityType, aspect_change_type: c.changeType }, c.n);
  }

  /** Counts the change-log entries a follower applied (as its checkpoint moved past them). */
  followerApplied(follower: string, entries: number): void {
    if (entries > 0) this.applied.inc({ follower }, entries);
  }

  /** Records the cost of a GraphQL operation (query, mutation or subscription). */
  graphqlOperation(operationType: string, cost: number): void {
    this.graphqlCost.observe({ operation_type: operationType }, cost);
  }

  /** A gauge whose samples are read at each scrape (a failed read leaves it without samples). */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<readonly GaugeSample[]>,
  ): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const samples = await read().catch(() => []);
        for (const s of samples) {
          if (s.labels) this.set(s.labels, s.value);
          else this.set(s.value);
        }
      },
    });
  }

  /** The text a Prometheus scrape reads, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** Micrometer's outcome of a status: INFORMATIONAL, SUCCESS, REDIRECTION, CLIENT_ERROR, SERVER_ERROR. */
export function outcomeOf(status: number): string {
  if (status < 200) return 'INFORMATIONAL';
  if (status < 300) return 'SUCCESS';
  if (status < 400) return 'REDIRECTION';
  if (status < 500) return 'CLIENT_ERROR';
  return 'SERVER_ERROR';
}
