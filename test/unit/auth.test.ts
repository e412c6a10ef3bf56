import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allows,
  asSystem,
  authorizeWrites,
  currentCaller,
  inRequestScope,
  loadRootToken,
  newToken,
  requirePrivilege,
  roleOf,
  setCaller,
  SYSTEM_CALLER,
  TOKEN_FORM,
  tokenId,
} from '../../src/auth/index.js';
import { guardServices, SERVICE_PRIVILEGES, type PrivilegeTable } from '../../src/services/index.js';
import { ValidationError, wireStatus } from '../../src/errors/index.js';
import { likeToRegex } from '../../src/store/index.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { policyOf, privilegeOf } from '../../src/http/route-policy.js';
import { RateLimiter } from '../../src/http/rate-limiter.js';

describe('tokens and roles', () => {
  it('makes opaque tokens and keeps only their hash', () => {
    const a = newToken();
    expect(a).toMatch(TOKEN_FORM);
    expect(newToken()).not.toBe(a);
    expect(tokenId(a)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenId(a)).not.toContain(a.slice(3));
  });

  it('orders the roles Reader < Editor < Admin', () => {
    expect(allows('Reader', 'read')).toBe(true);
    expect(allows('Reader', 'write')).toBe(false);
    expect(allows('Editor', 'write')).toBe(true);
    expect(allows('Editor', 'admin')).toBe(false);
    expect(allows('Admin', 'admin')).toBe(true);
    expect(roleOf('urn:li:dataHubRole:Editor')).toBe('Editor');
    expect(roleOf('urn:li:dataHubRole:Owner')).toBeUndefined();
  });
});

describe('the root token', () => {
  it('is generated once into the home folder with mode 0600, then read back', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'neohub-root-'));
    try {
      const log = createLogger('silent');
      const first = await loadRootToken(undefined, home, log);
      const file = path.join(home, 'root-token');
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(await loadRootToken(undefined, home, log)).toBe(first);
      expect(await loadRootToken('c'.repeat(40), home, log)).toBe('c'.repeat(40));
      await expect(loadRootToken('short', home, log)).rejects.toThrow(/at least 32/);
      writeFileSync(file, 'not a token');
      await expect(loadRootToken(undefined, home, log)).rejects.toThrow(/does not hold a neohub root token/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it('turns auth off only when told so explicitly', () => {
    expect(loadConfig({}).auth).toBe(true);
    expect(loadConfig({ NEOHUB_AUTH: 'off' }).auth).toBe(false);
    expect(() => loadConfig({ NEOHUB_AUTH: 'maybe' })).toThrow(/NEOHUB_AUTH must be "on" or "off"/);
    expect(loadConfig({}).rateLimitPerMinute).toBe(6000);
  });
});

describe('route policies', () => {
  it('know every kind of route, with prefixes, HEADs and Rest.li actions', () => {
    expect(policyOf('GET', '/health')).toBe('public');
    expect(policyOf('GET', '/gms/config')).toBe('public');
    expect(policyOf('HEAD', '/openapi/v3/entity/:entityName/*')).toBe('read');
    expect(policyOf('GET', '/openapi/swagger-ui/swagger-ui.css')).toBe('public');
    expect(policyOf('POST', '/operations')).toBe('admin');
    expect(policyOf('POST', '/no/such/route')).toBeUndefined();
    const aspects = policyOf('POST', '/aspects');
    expect(aspects && privilegeOf(aspects, 'ingestProposal')).toBe('write');
    expect(aspects && privilegeOf(aspects, 'getTimeseriesAspectValues')).toBe('read');
  });
});

describe('the rate limiter', () => {
  it('allows a number per minute per key, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, () => now);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('b')).toBe(0);
    now += 15_000;
    expect(limiter.take('a')).toBe(45);
    now += 45_000;
    expect(limiter.take('a')).toBe(0);
    expect(new RateLimiter(0).take('a')).toBe(0);
  });
});

describe('the caller of a scope', () => {
  it('is an error outside any scope: background work says asSystem()', async () => {
    expect(() => currentCaller()).toThrow(/outside a request scope/);
    expect(() => requirePrivilege('read', 'read')).toThrow(/outside a request scope/);
    expect(asSystem(() => currentCaller())).toBe(SYSTEM_CALLER);
    // The scope follows the work across awaits.
    expect(await asSystem(async () => (await Promise.resolve(), currentCaller()))).toBe(SYSTEM_CALLER);
    expect(inRequestScope(() => currentCaller())).toBeUndefined();
  });
});

describe('the service guard', () => {
  it('is typed against the services: a missing or misspelled method does not compile', () => {
    const table: PrivilegeTable = SERVICE_PRIVILEGES;
    // @ts-expect-error: every method of every guarded service needs an entry
    const missing: PrivilegeTable = { ...table, lineage: { lineage: 'read' } };
    // @ts-expect-error: an entry for a method that does not exist
    const misspelled: PrivilegeTable = { ...table, lineage: { ...table.lineage, lineAge: 'read' } };
    expect(missing && misspelled).toBeTruthy();
  });

  it('checks the table on every call, and reaches nothing the table does not list', () => {
    const calls: string[] = [];
    const reads = {
      entity: (u: string) => calls.push(u),
      secret: () => 'never',
      data: { x: 1 },
    };
    const guarded = guardServices({ reads } as never) as unknown as { reads: typeof reads };
    const reader = { actor: 'urn:li:corpuser:r', role: 'Reader' as const };
    expect(() => guarded.reads.entity('a')).toThrow(/outside a request scope/);
    inRequestScope(() => {
      setCaller(reader);
      guarded.reads.entity('b');
    });
    expect(calls).toEqual(['b']);
    expect(guarded.reads.secret).toBeUndefined();
    expect(guarded.reads.data).toBeUndefined();
  });
});

describe('write privileges', () => {
  it('are decided on the resolved operation and entity kind', () => {
    const as = (role: 'Reader' | 'Editor' | 'Admin', fn: () => void) =>
      inRequestScope(() => {
        setCaller({ actor: 'urn:li:corpuser:u', role });
        fn();
      });
    const upsert = { kind: 'upsert', entityType: 'dataset', adminOnly: false };
    expect(() => as('Reader', () => authorizeWrites([upsert]))).toThrow(/needs the Editor role/);
    as('Editor', () => authorizeWrites([upsert]));
    for (const w of [
      { kind: 'deleteEntity', entityType: 'dataset', adminOnly: false },
      { kind: 'upsert', entityType: 'structuredProperty', adminOnly: true },
      { kind: 'deleteAspect', entityType: 'structuredProperty', adminOnly: true },
      { kind: 'upsert', entityType: 'dataHubSecret', adminOnly: true },
    ]) {
      expect(() => as('Editor', () => authorizeWrites([upsert, w])), JSON.stringify(w)).toThrow(
        /needs the Admin role/,
      );
      as('Admin', () => authorizeWrites([w]));
    }
  });
});

describe('error mappers', () => {
  it('give a status and a message for anything thrown, and never throw', () => {
    const getterThrows = Object.defineProperty({}, 'statusCode', {
      get() {
        throw new Error('boom');
      },
    });
    const clone = (() => {
      try {
        structuredClone(() => 1);
      } catch (e) {
        return e;
      }
    })();
    for (const err of [null, undefined, 'text', 42, clone, getterThrows, { code: 25 }, { statusCode: 600 }])
      expect(wireStatus(err), String(err)).toEqual({
        status: 500,
        message: 'INTERNAL SERVER ERROR',
        known: false,
      });
    expect(wireStatus(new ValidationError('bad'))).toEqual({ status: 422, message: 'bad', known: true });
    expect(wireStatus({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'too big' })).toEqual({
      status: 413,
      message: 'too big',
      known: true,
    });
  });
});

describe('restoreIndices urnLike', () => {
  it('becomes an anchored pattern with one atomic group per inner piece (linear matching)', () => {
    expect(likeToRegex('urn:li:dataset:%')).toBe('(?s)^urn:li:dataset:.*$');
    expect(likeToRegex('a%b%%c%d_e')).toBe('(?s)^a(?>.*?b)(?>.*?c).*d.e$');
    expect(likeToRegex('x(1).y')).toBe('(?s)^x\\(1\\)\\.y$');
  });
});
