import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import { requirePrivilege, type Privilege } from '../auth/index.js';

/**
 * What each root field of a mutation needs: `write` unless listed. Queries need `read`, which the route
 * already demands. Checked once the operation is known, before any resolver runs, so a Reader's mutation
 * is refused (403) whatever its arguments; the services check again.
 */
export const MUTATION_PRIVILEGES: Readonly<Record<string, Privilege>> = {
  createAccessToken: 'read',
  revokeAccessToken: 'read',
  createStructuredProperty: 'admin',
  updateStructuredProperty: 'admin',
  deleteStructuredProperty: 'admin',
  batchAssignRole: 'admin',
  createInviteToken: 'admin',
  createNativeUserResetToken: 'admin',
  /** Anyone signed in, with a valid invite token (checked by the service). */
  acceptRole: 'read',
  rollbackIngestion: 'admin',
  createGroup: 'admin',
  addGroupMembers: 'admin',
  removeGroupMembers: 'admin',
  updateCorpGroupProperties: 'admin',
  updateUserStatus: 'admin',
  removeUser: 'admin',
  removeGroup: 'admin',
  /** One's own Views; global ones and others' need Admin (checked by the service). */
  createView: 'read',
  updateView: 'read',
  deleteView: 'read',
  updateGlobalViewsSettings: 'admin',
  updateCorpUserViewsSettings: 'read',
  /** A user's own properties; another user's need Admin (checked by the service). */
  updateCorpUserProperties: 'read',
  createTest: 'admin',
  updateTest: 'admin',
  deleteTest: 'admin',
};

/** What a root field of a query needs beyond `read`, which the route already demands. */
export const QUERY_PRIVILEGES: Readonly<Record<string, Privilege>> = {
  listGroups: 'admin',
  getInviteToken: 'admin',
  listExecutionRequests: 'admin',
};

/** The root field names a selection set selects, through inline fragments and fragment spreads. */
export function rootFields(set: SelectionSetNode, doc: DocumentNode, seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) out.push(...rootFields(sel.selectionSet, doc, seen));
    else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const def = doc.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value,
      );
      if (def?.kind === Kind.FRAGMENT_DEFINITION) out.push(...rootFields(def.selectionSet, doc, seen));
    }
  }
  return out;
}

export function operationPrivileges<C extends object>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document }) {
          if (operation?.operation === 'mutation')
            for (const name of rootFields(operation.selectionSet, document))
              if (name !== '__typename')
                requirePrivilege(MUTATION_PRIVILEGES[name] ?? 'write', `run the mutation ${name}`);
          if (operation?.operation === 'query')
            for (const name of rootFields(operation.selectionSet, document))
              if (Object.hasOwn(QUERY_PRIVILEGES, name))
                requirePrivilege(QUERY_PRIVILEGES[name] as Privilege, `run the query ${name}`);
        },
      };
    },
  };
}
