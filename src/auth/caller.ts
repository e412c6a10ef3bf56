import { AsyncLocalStorage } from 'node:async_hooks';
import { ForbiddenError, UnauthenticatedError } from '../errors/index.js';
import { allows, type Privilege, type Role } from './roles.js';

/** The actor of the service's own writes (background work, migrations), as DataHub names it. */
export const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';
/** The actor of writes that name none, with authentication off (DataHub's default user). */
export const UNKNOWN_ACTOR = 'urn:li:corpuser:datahub';

/** Who makes a request: the actor of its token (a corpuser) and that actor's role. */
export interface Caller {
  readonly actor: string;
  readonly role: Role;
  /** The token's id (the hash of the token); absent for the root token and with auth off. */
  readonly tokenId?: string;
  /** `SESSION` when the token is a sign-in of the web app (DataHub's session tokens). */
  readonly tokenType?: 'SESSION';
}

/** The root token's caller, background work's caller, and every caller when auth is off. */
export const SYSTEM_CALLER: Caller = Object.freeze({ actor: SYSTEM_ACTOR, role: 'Admin' });

interface Scope {
  caller: Caller | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs the rest of a request in its own scope; authentication fills the caller in later. */
export const inRequestScope = <T>(fn: () => T): T => scopes.run({ caller: undefined }, fn);

/**
 * Runs background work (tasks, start-up jobs, tools) as the system caller. Work that runs on behalf of
 * no request must say so here: outside any scope there is no caller, and every check refuses.
 */
export const asSystem = <T>(fn: () => T): T => scopes.run({ caller: SYSTEM_CALLER }, fn);

export function setCaller(caller: Caller): void {
  const scope = scopes.getStore();
  if (!scope) throw new Error('setCaller outside a request scope');
  scope.caller = caller;
}

/**
 * The caller of the current scope: undefined inside a request that has not authenticated (a public
 * route). Outside any scope it throws: code that runs for no request must run under `asSystem`, so that
 * nothing gets the system's rights by accident.
 */
export function currentCaller(): Caller | undefined {
  const scope = scopes.getStore();
  if (!scope) throw new Error('No caller: this code runs outside a request scope and outside asSystem()');
  return scope.caller;
}

/** The current caller if any, for what only reports it (a request's log line): never throws. */
export const peekCaller = (): Caller | undefined => scopes.getStore()?.caller;

/**
 * Whether the current caller holds `privilege`: false with no caller, and outside any scope (so a
 * check that only withholds, such as hiding secrets, fails closed instead of throwing).
 */
export function callerMay(privilege: Privilege): boolean {
  const caller = scopes.getStore()?.caller;
  return caller !== undefined && allows(caller.role, privilege);
}

/** Throws 401 when there is no caller, 403 when the caller's role lacks `privilege`. */
export function requirePrivilege(privilege: Privilege, what: string): Caller | undefined {
  if (privilege === 'public') return currentCaller();
  const caller = currentCaller();
  if (!caller) throw new UnauthenticatedError();
  if (!allows(caller.role, privilege))
    throw new ForbiddenError(
      `${caller.actor} is unauthorized to ${what} (needs the ${needed(privilege)} role).`,
    );
  return caller;
}

const needed = (p: Privilege): string => (p === 'admin' ? 'Admin' : p === 'write' ? 'Editor' : 'Reader');
