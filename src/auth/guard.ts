import type { Services } from '../services/index.js';
import { requirePrivilege } from './caller.js';
import type { Privilege } from './roles.js';

const read = (...names: string[]): Record<string, Privilege> =>
  Object.fromEntries(names.map((n) => [n, 'read']));
const write = (...names: string[]): Record<string, Privilege> =>
  Object.fromEntries(names.map((n) => [n, 'write']));
const admin = (...names: string[]): Record<string, Privilege> =>
  Object.fromEntries(names.map((n) => [n, 'admin']));

/**
 * What each service method needs. The one table of authorization: transports call services only through
 * `guardServices`, so a method missing here is refused (admin only) until it is listed. Content decides
 * beyond it inside the write path (`authorizeProposals`: hard deletes, structured property definitions).
 */
export const SERVICE_PRIVILEGES: Readonly<Record<string, Readonly<Record<string, Privilege>>>> = {
  reads: read('entities', 'entity', 'aspect', 'exists', 'timeseries', 'listUrns', 'edges', 'relationships'),
  edits: {
    ...write(
      'addTags',
      'removeTags',
      'addTerms',
      'removeTerms',
      'addOwners',
      'removeOwner',
      'addLink',
      'removeLink',
      'setDescription',
      'setDeprecation',
      'updateName',
      'createTag',
      'replaceAspects',
    ),
    ...read('stamp'),
  },
  entityApi: {
    ...read(
      'entityKind',
      'resolveAspect',
      'requireAspect',
      'read',
      'entity',
      'entityExists',
      'aspect',
      'aspectExists',
    ),
    ...write('upsert', 'create', 'patch', 'delete', 'deleteAspect'),
  },
  lineage: read('lineage', 'relationshipFilter'),
  lineageSearch: read('searchAcrossLineage'),
  properties: {
    ...admin('create', 'update', 'delete'),
    ...write('upsertValues', 'removeValues'),
    ...read('values'),
  },
  ingest: { ...write('ingest', 'deleteTimeseries'), ...admin('deleteEntity') },
  search: {
    ...read('search', 'autocomplete', 'browse', 'filterFields', 'displayName', 'waitForIndex'),
    status: 'public',
    ...admin('mappings', 'systemUpdate'),
  },
  operations: admin('restoreIndices', 'taskStatus', 'indexSizes', 'truncateTimeseries'),
  auth: {
    authenticate: 'public',
    ...read('createToken', 'listTokens', 'revokeToken', 'tokenMetadata', 'roleOf'),
    ...admin('assignRole'),
  },
};

const words = (name: string): string => name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** The services as transports see them: every method call checks the caller's role first. */
export function guardServices<S extends Services>(services: S): S {
  const guarded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(services)) {
    const table = SERVICE_PRIVILEGES[key];
    guarded[key] = table && value && typeof value === 'object' ? guard(value as object, table) : value;
  }
  return Object.freeze(guarded) as S;
}

function guard<T extends object>(target: T, table: Readonly<Record<string, Privilege>>): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      const privilege = table[prop] ?? 'admin';
      return (...args: unknown[]) => {
        requirePrivilege(privilege, words(prop));
        return (value as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
}
