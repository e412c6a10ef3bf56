import type { ApolloServerPlugin } from '@apollo/server';
import { Kind } from 'graphql';
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
};

export function operationPrivileges<C extends object>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'mutation') return;
          for (const sel of operation.selectionSet.selections) {
            if (sel.kind !== Kind.FIELD) continue;
            const name = sel.name.value;
            requirePrivilege(MUTATION_PRIVILEGES[name] ?? 'write', `run the mutation ${name}`);
          }
        },
      };
    },
  };
}
