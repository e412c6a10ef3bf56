import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createApp } from './http/index.js';
import {
  ChangeLogProducer,
  ensureTopics,
  ProposalConsumer,
  remoteRegistry,
  type SchemaSource,
} from './kafka/index.js';
import { ServiceMetrics } from './metrics/index.js';
import type { Logger } from './logger.js';
import { defaultRegistry, WIRE_SCHEMAS } from './registry/index.js';
import { openSearchIndex } from '../search-sync/index.js';
import type { SyncControl } from '../search-sync/model/index.js';
import { SearchSyncWorker, SyncThread, threadable } from '../search-sync/sync/index.js';
import {
  ChangeLogPublisher,
  ChangeLogRetention,
  createServices,
  ensureBuiltInPlatforms,
  IngestService,
  OperationsService,
  SearchDocuments,
  SearchService,
  StructuredFieldResolver,
  HealthService,
  TestEvaluator,
  TestResultsWorker,
  type Services,
  runValueCleanup,
  VALUE_CLEANUP_TASK,
  type ValueCleanupParams,
  PUBLISHER_FOLLOWER,
  writeHooks,
} from './services/index.js';
import {
  asSystem,
  AuthService,
  SYSTEM_ACTOR,
  loadRootPassword,
  loadRootToken,
  loadSecretKey,
  newToken,
  redactionOf,
} from './auth/index.js';
import {
  AuthStore,
  UsageEventStore,
  SchemaRegistryStore,
  ChangeLogStore,
  createDriver,
  Executor,
  MaintenanceStore,
  RunStore,
  Neo4jStore,
  SyncStateStore,
  MAX_CONNECTION_POOL_SIZE,
  TaskStore,
  type FollowerProgress,
  type StoreGate,
} from './store/index.js';

/** A running neohub: its app, services and the graph connection, with one way to stop it all. */
export interface Runtime {
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly url: string;
  stop(): Promise<void>;
}

export interface GraphTarget {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  /** Local mode: whether the supervised Neo4j runs now, and how long a client should wait if not. */
  available?(): boolean;
  retryAfterSeconds?(): number;
}

/** The local supervisor's word on the graph store, when there is one. */
function gateOf(graph: GraphTarget): StoreGate | undefined {
  const { available, retryAfterSeconds } = graph;
  if (!available || !retryAfterSeconds) return undefined;
  return { available: () => available.call(graph), retryAfterSeconds: () => retryAfterSeconds.call(graph) };
}

/** Connects to Neo4j, applies the schema, builds the services and starts listening. */
export async function startRuntime(config: Config, graph: GraphTarget, log: Logger): Promise<Runtime> {
  const driver = createDriver(graph.uri, graph.user, graph.password);
  await driver.verifyConnectivity();
  const registry = defaultRegistry();
  // The debug channel logs each statement with its parameters, through the one redaction.
  const exec = new Executor(
    driver,
    log.child({ module: 'store' }),
    config.neo4jDatabase,
    gateOf(graph),
    (params) => redactionOf(registry).params(params),
  );
  const store = new Neo4jStore(exec);
  const labelled = await store.migrate(registry.allEntities());
  if (labelled) log.info({ labelled }, 'entity nodes given the label of their kind');
  // Kafka (only when configured): DataHub's topics, created when absent, before anything else starts.
  if (config.kafkaBootstrapServers.length > 0)
    await ensureTopics(config, log.child({ module: 'kafka' })).catch(async (err: unknown) => {
      await exec.close();
      throw err;
    });
  const runs = new RunStore(exec);
  const indexed = await runs.indexRunIds();
  if (indexed) log.info({ indexed }, 'aspects indexed by the run that wrote them');
  const index = await openSearchIndex(config, exec, registry, log.child({ module: 'search' }));
  const metrics = serviceMetrics(exec, new SyncStateStore(exec));
  // The followers' state, shared by this process's followers (and the sync's thread, which keeps its
  // own): the metrics count what each applies.
  const progress: FollowerProgress = {
    applied: (follower, entries) => metrics.followerApplied(follower, entries),
  };
  const followers = new SyncStateStore(exec, progress);
  const worker = new SearchSyncWorker(
    followers,
    new SearchDocuments(registry, store),
    index,
    log.child({ module: 'search-sync' }),
  );
  // The running sync goes on a thread of its own when it can (see SyncThread); `worker` stays for the rest.
  const thread =
    config.searchSync && config.searchSyncThread && threadable()
      ? new SyncThread(
          worker,
          { config, graph: { uri: graph.uri, user: graph.user, password: graph.password } },
          log.child({ module: 'search-sync' }),
          progress,
        )
      : undefined;
  if (config.searchSync) (thread ?? worker).start();
  const sync: SyncControl = thread ?? worker;
  const search = new SearchService(
    registry,
    index,
    sync,
    config.maxPageSize,
    new StructuredFieldResolver(store),
  );
  // The write hooks start tasks after a commit through `operations`, which writes through `ingest` and
  // so is built after it: they reach it when they start one (no write runs before it is built).
  const ingest = new IngestService(
    registry,
    store,
    log.child({ module: 'ingest' }),
    writeHooks({
      registry,
      store,
      tasks: { start: (type, params): Promise<string> => operations.start(type, params) },
      schemaFields: config.schemaFieldSideEffect,
      committed: ({ kind, result }) => metrics.written(kind, result.changeLog),
    }),
  );
  const operations = new OperationsService(
    new MaintenanceStore(exec),
    registry,
    sync,
    ingest,
    new TaskStore(exec, 'neohub'),
    log.child({ module: 'operations' }),
    config.taskStaleMs,
  );
  operations.register(VALUE_CLEANUP_TASK, (params, progress) =>
    runValueCleanup(store, ingest, params as unknown as ValueCleanupParams, progress),
  );
  if (!config.auth)
    log.warn(
      '*** AUTHENTICATION IS OFF (NEOHUB_AUTH=off): anyone who can reach this port can read and change everything. Never run it like this outside a local experiment. ***',
    );
  const rootToken = config.auth ? await loadRootToken(config.rootToken, config.home, log) : newToken();
  const usageEvents = new UsageEventStore(exec);
  const auth = new AuthService(
    new AuthStore(exec),
    rootToken,
    config.auth,
    config.maxTokensPerActor,
    Date.now,
    usageEvents,
  );
  const secretKey = await loadSecretKey(config.secretKey, config.home, log);
  const schemaRegistry = new SchemaRegistryStore(exec);
  const changeLog = new ChangeLogStore(exec);
  const kafka = config.kafkaBootstrapServers.length > 0;
  const retention = new ChangeLogRetention(
    changeLog,
    config.changeLogRetentionDays * 24 * 3600 * 1000,
    // With Kafka, what the publisher has still to publish is kept too (at least once).
    kafka ? [index.checkpoint, PUBLISHER_FOLLOWER] : [index.checkpoint],
    log.child({ module: 'change-log' }),
  );
  const services = createServices({
    config,
    registry,
    store,
    runs,
    changeLog,
    usageEvents,
    schemaRegistry,
    ingest,
    search,
    operations,
    auth,
    secretKey,
    health: new HealthService({
      graph: () => exec.ping(),
      search: () => index.ping(),
      retryAfterSeconds: () => exec.retryAfterSeconds(),
    }),
    log,
  });
  // The root user, an Admin who signs in to the web app with the root password (DataHub's `datahub`).
  await asSystem(async () =>
    services.nativeUsers.ensureRootUser(
      await loadRootPassword(config.rootPassword, config.home, log),
      config.rootPassword !== undefined,
    ),
  );
  // DataHub's built-in data platforms, as its service bootstraps them (those missing only).
  const platforms = await asSystem(() => ensureBuiltInPlatforms(services.reads, services.ingest));
  if (platforms) log.info({ platforms }, 'built-in data platforms written');
  const app = await createApp(
    services,
    { driver, database: config.neo4jDatabase, log: log.child({ module: 'graph-explorer' }) },
    metrics,
  );
  // The proposal consumer (only with Kafka configured): proposals from Kafka through the one write path.
  const kafkaConsumer = kafka
    ? new ProposalConsumer(
        config,
        {
          ...kafkaSchemas(config, schemaRegistry, services),
          apply: async (proposal) => {
            await asSystem(() => ingest.ingest([proposal], { actor: SYSTEM_ACTOR }));
          },
          applyBatch: async (proposals) =>
            (await asSystem(() => ingest.ingestEach(proposals, { actor: SYSTEM_ACTOR }))).failed,
        },
        log.child({ module: 'kafka' }),
      )
    : undefined;
  // The change-log publisher (only with Kafka configured): DataHub's change-log and platform-event topics.
  const kafkaProducer = kafka
    ? new ChangeLogProducer(
        config,
        kafkaSchemas(config, schemaRegistry, services),
        WIRE_SCHEMAS,
        log.child({ module: 'kafka' }),
      )
    : undefined;
  const publisher = kafkaProducer
    ? new ChangeLogPublisher(registry, changeLog, followers, kafkaProducer, log.child({ module: 'kafka' }))
    : undefined;
  const address = await app.listen({ port: config.port, host: config.host });
  await kafkaConsumer?.start();
  publisher?.start();
  operations.startResuming();
  retention.start();
  const testResults = new TestResultsWorker(
    registry,
    followers,
    new TestEvaluator(registry, store, ingest, { log: log.child({ module: 'metadata-tests' }) }),
    operations,
    log.child({ module: 'metadata-tests' }),
  );
  if (config.testResultsSync) testResults.start();
  return {
    app,
    services,
    url: address,
    async stop() {
      await kafkaConsumer?.stop();
      await publisher?.stop();
      await kafkaProducer?.close();
      operations.stop();
      await retention.stop();
      await testResults.stop();
      await app.close();
      await (thread ?? worker).stop();
      await exec.close();
    },
  };
}

/** Where Kafka records' schemas come from: KAFKA_SCHEMAREGISTRY_URL's registry, else neohub's own. */
function kafkaSchemas(config: Config, store: SchemaRegistryStore, services: Services): SchemaSource {
  if (config.kafkaSchemaRegistryUrl) return remoteRegistry(config.kafkaSchemaRegistryUrl);
  return {
    schemaById: async (id) => (await store.schemaById(id))?.schema,
    register: async (subject, schema) => (await services.schemaRegistry.register(subject, { schema })).id,
  };
}

/**
 * The service's metrics with the store's figures, read at each scrape: the change log's head (its rate is
 * the write transactions' rate), each follower's checkpoint and lag behind the head (the search sync's
 * and the test results' progress), and the sessions open with Neo4j (the connection pool in use).
 */
function serviceMetrics(exec: Executor, followers: SyncStateStore): ServiceMetrics {
  const metrics = new ServiceMetrics();
  metrics.gauge(
    'neohub_change_log_head',
    'The last change-log position written (one per write transaction)',
    [],
    async () => [{ value: await followers.head() }],
  );
  metrics.gauge(
    'neohub_follower_checkpoint',
    "Each change-log follower's checkpoint (its rate is the follower's rate)",
    ['follower'],
    async () => (await followers.checkpoints()).map((c) => ({ labels: { follower: c.name }, value: c.seq })),
  );
  metrics.gauge(
    'neohub_follower_lag',
    'Change-log positions each follower has still to apply (the head minus its checkpoint)',
    ['follower'],
    async () => {
      const [head, checkpoints] = await Promise.all([followers.head(), followers.checkpoints()]);
      return checkpoints.map((c) => ({ labels: { follower: c.name }, value: Math.max(0, head - c.seq) }));
    },
  );
  metrics.gauge(
    'neohub_neo4j_sessions_open',
    `Sessions open with Neo4j now, by access mode: each holds one of the driver's pooled connections while it works (the pool's in-use figure as neohub sees it; at most ${MAX_CONNECTION_POOL_SIZE}). The Neo4j driver exposes no figures of its pool (connections in use, idle), so there are none here`,
    ['mode'],
    async () => {
      const open = exec.openSessions();
      return [
        { labels: { mode: 'read' }, value: open.read },
        { labels: { mode: 'write' }, value: open.write },
      ];
    },
  );
  return metrics;
}
