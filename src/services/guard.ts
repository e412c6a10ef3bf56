import { requirePrivilege, type Privilege } from '../auth/index.js';
import type { Services } from './services.js';

/** The public methods of a service, each with what it needs. */
type PrivilegesOf<S> = {
  readonly [K in keyof S as S[K] extends (...args: never[]) => unknown ? K : never]-?: Privilege;
};

/** The services transports call through the guard; the others (config, registry, log, health) hold no data. */
type GuardedKey = Exclude<keyof Services, 'config' | 'registry' | 'log' | 'health'>;

/** One entry per public method of every guarded service: the compiler refuses a missing or extra one. */
export type PrivilegeTable = { readonly [K in GuardedKey]: PrivilegesOf<Services[K]> };

/**
 * What each service method needs. The one table of authorization at the service boundary: transports
 * call services only through `guardServices`. Content decides beyond it inside the write path
 * (`authorizeWrites`: hard deletes, structured properties).
 */
export const SERVICE_PRIVILEGES: PrivilegeTable = {
  reads: {
    entities: 'read',
    entity: 'read',
    aspect: 'read',
    exists: 'read',
    aspectCount: 'read',
    timeseries: 'read',
    listUrns: 'read',
    edges: 'read',
    relationships: 'read',
  },
  events: { poll: 'read' },
  // Evaluating reads; pushing the results writes (checked again inside, as the service knows which).
  tests: {
    evaluate: 'read',
    evaluateAll: 'write',
    sweepTask: 'write',
    get: 'read',
    list: 'read',
    create: 'admin',
    update: 'admin',
    delete: 'admin',
  },
  edits: {
    addTags: 'write',
    removeTags: 'write',
    addTerms: 'write',
    removeTerms: 'write',
    addOwners: 'write',
    removeOwners: 'write',
    setDomain: 'write',
    addLink: 'write',
    removeLink: 'write',
    setDescription: 'write',
    setDeprecation: 'write',
    updateName: 'write',
    updateDataset: 'write',
  },
  creates: {
    createTag: 'write',
    createDomain: 'write',
    createGlossaryEntity: 'write',
    createGroup: 'admin',
    createDataProduct: 'write',
  },
  versionLinks: { link: 'write', unlink: 'write' },
  hierarchy: {
    moveDomain: 'write',
    updateParentNode: 'write',
    deleteDomain: 'write',
    deleteGlossaryEntity: 'write',
  },
  curation: {
    updateTag: 'write',
    setTagColor: 'write',
    deleteTag: 'write',
    editRelatedTerms: 'write',
    setSoftDeleted: 'write',
  },
  queryEdits: { create: 'write', update: 'write', delete: 'write' },
  dataProducts: { update: 'write', delete: 'write', setAssets: 'write' },
  incidents: { raise: 'write', updateStatus: 'write' },
  lineageEdits: { update: 'write' },
  /** Anyone's own Views; global ones and others' need Admin (checked inside). */
  views: {
    create: 'read',
    update: 'read',
    delete: 'read',
    listMine: 'read',
    listGlobal: 'read',
    definition: 'read',
    setGlobalDefault: 'admin',
    setMyDefault: 'read',
  },
  recommendations: { modules: 'read' },
  assertions: { upsertCustom: 'write', reportResult: 'write' },
  people: {
    listUsers: 'read',
    listGroups: 'admin',
    addGroupMembers: 'admin',
    removeGroupMembers: 'admin',
    /** The user themself, or an Admin (checked inside). */
    updateUserProperties: 'read',
    updateGroupProperties: 'admin',
    setUserStatus: 'admin',
    remove: 'admin',
  },
  entityApi: {
    entityKind: 'read',
    resolveAspect: 'read',
    requireAspect: 'read',
    read: 'read',
    batchGet: 'read',
    entity: 'read',
    entityExists: 'read',
    aspect: 'read',
    aspectExists: 'read',
    upsert: 'write',
    upsertEach: 'write',
    create: 'write',
    patch: 'write',
    delete: 'write',
    deleteAspect: 'write',
  },
  lineage: { lineage: 'read', relationshipFilter: 'read', removedAmong: 'read' },
  traces: { writes: 'read' },
  timeline: { timeline: 'read' },
  // Aggregations read; DataHub's usage batchIngest writes (through the write path, which checks again).
  timeseriesStats: { aggregatedStats: 'read', usage: 'read', usageRange: 'read', ingestUsage: 'write' },
  references: { deleteReferences: 'write', deleteWithReferences: 'admin' },
  lineageSearch: { searchAcrossLineage: 'read' },
  // An OpenLineage run event's proposals, for a write (the write path checks again).
  openLineage: { proposals: 'write' },
  properties: {
    create: 'admin',
    update: 'admin',
    delete: 'admin',
    upsertValues: 'write',
    removeValues: 'write',
    values: 'read',
  },
  ingest: {
    ingest: 'write',
    ingestEach: 'write',
    deleteTimeseries: 'write',
    deleteEntity: 'admin',
    revert: 'admin',
  },
  runs: {
    list: 'read',
    describe: 'read',
    // A rollback, and its dry run (which names every entity of the run), need Admin.
    rollback: 'admin',
    rollbackTask: 'admin',
  },
  search: {
    search: 'read',
    autocomplete: 'read',
    autocompleteEach: 'read',
    browse: 'read',
    browseV2: 'read',
    kinds: 'read',
    filterFields: 'read',
    displayName: 'read',
    waitForIndex: 'read',
    status: 'public',
    mappings: 'admin',
    systemUpdate: 'admin',
  },
  operations: {
    restoreIndices: 'admin',
    taskStatus: 'admin',
    indexSizes: 'admin',
    truncateTimeseries: 'admin',
    waitFor: 'admin',
    register: 'admin',
    start: 'admin',
    resumeStale: 'admin',
    startResuming: 'admin',
    stop: 'admin',
  },
  // Sign-in: DataHub's auth servlet needs an Admin (never a session); the web app's sign-in routes are
  // public (they are the way in); the tokens of invites and resets are an Admin's.
  nativeUsers: {
    signUp: 'admin',
    verifyCredentials: 'admin',
    resetCredentials: 'admin',
    sessionTokenForUser: 'admin',
    logIn: 'public',
    logInWithToken: 'public',
    signUpAndLogIn: 'public',
    resetAndLogIn: 'public',
    logOut: 'public',
    inviteToken: 'admin',
    createResetToken: 'admin',
    acceptRole: 'read',
    ensureRootUser: 'admin',
  },
  auth: {
    authenticate: 'public',
    createToken: 'read',
    listTokens: 'read',
    revokeToken: 'read',
    tokenMetadata: 'read',
    roleOf: 'read',
    assignRole: 'admin',
    createSession: 'admin',
    endSession: 'public',
    recordFailedLogIn: 'admin',
  },
  // Tracking: any caller reports its own usage; the audit log, system information and the throttle are
  // DataHub's system operations (Admin).
  audit: { track: 'read', search: 'admin' },
  systemInfo: { properties: 'admin', simpleProperties: 'admin', springComponents: 'admin' },
  throttle: { events: 'admin', setManual: 'admin' },
  // The schema registry answers without authentication, as DataHub's does (Kafka clients send no token).
  schemaRegistry: {
    register: 'public',
    lookup: 'public',
    schemaById: 'public',
    associations: 'public',
    subjects: 'public',
    versions: 'public',
    version: 'public',
  },
};

const words = (name: string): string => name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** The services as transports see them: every method call checks the caller's role first. */
export function guardServices<S extends Services>(services: S): S {
  const guarded: Record<string, unknown> = { ...(services as object) };
  for (const key of Object.keys(SERVICE_PRIVILEGES) as GuardedKey[]) {
    const service: unknown = services[key];
    if (typeof service === 'object' && service !== null)
      guarded[key] = guard(service, SERVICE_PRIVILEGES[key]);
  }
  return Object.freeze(guarded) as S;
}

/**
 * A view of a service whose methods check the table first. Members the table does not list (fields,
 * anything added later without an entry) are not reachable through the view: closed by default.
 */
function guard<T extends object>(target: T, table: object): T {
  const privileges = new Map<string, Privilege>(Object.entries(table));
  return new Proxy(target, {
    get(t, prop) {
      const privilege = typeof prop === 'string' ? privileges.get(prop) : undefined;
      if (privilege === undefined) return undefined;
      const method = Reflect.get(t, prop, t) as (...a: unknown[]) => unknown;
      return (...args: unknown[]) => {
        requirePrivilege(privilege, words(prop as string));
        return method.apply(t, args);
      };
    },
  });
}
