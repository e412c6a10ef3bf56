import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allows, loadRootToken, newToken, roleOf, TOKEN_FORM, tokenId } from '../../src/auth/index.js';
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
      await expect(loadRootToken(undefined, home, log)).rejects.toThrow(/does not hold a neohub token/);
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
