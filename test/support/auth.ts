import { afterAll, beforeAll, expect } from 'vitest';
import { asSystem, newToken, tokenId } from '../../src/auth/index.js';
import { createLogger } from '../../src/logger.js';
import type { Runtime } from '../../src/runtime.js';
import { AuthStore, createDriver, Executor } from '../../src/store/index.js';
import { httpClient, JSON_CONTENT, RESTLI, type HttpClient } from './http.js';
import { graphTarget, startTestServer, unique } from './runtime.js';

/** A server with authentication on, and its root token. */
export async function startAuthServer(
  env: Record<string, string> = {},
): Promise<{ rt: Runtime; root: string }> {
  const root = newToken();
  const rt = await startTestServer({ NEOHUB_AUTH: 'on', NEOHUB_ROOT_TOKEN: root, ...env });
  return { rt, root };
}

/**
 * A suite's server with authentication on and its tokens: started before the suite's tests (and handed
 * to `ready`), stopped after them.
 */
export function useAuthServer(
  env: Record<string, string>,
  ready: (rt: Runtime, t: TestTokens) => void,
): void {
  let rt: Runtime | undefined;
  beforeAll(async () => {
    const started = await startAuthServer(env);
    rt = started.rt;
    ready(rt, await mintTokens(rt, started.root));
  });
  afterAll(async () => rt?.stop());
}

/**
 * A GraphQL suite with authentication on (`useAuthServer`): a client of its server (answers HTTP 200, as
 * DataHub's GraphQL does), the suite's tokens once it started, and a batch ingest as root that waits for
 * the search index.
 */
export function useAuthGraphql(env: Record<string, string> = {}): {
  as: HttpClient['as'];
  tokens: () => TestTokens;
  runtime: () => Runtime;
  ingest: (proposals: unknown[]) => Promise<void>;
} {
  let rt: Runtime | undefined;
  let t: TestTokens | undefined;
  useAuthServer(env, (started, tokens) => {
    rt = started;
    t = tokens;
  });
  const runtime = () => rt as Runtime;
  const tokens = () => t as TestTokens;
  const { as } = httpClient(() => runtime().url, { headers: { ...JSON_CONTENT, ...RESTLI }, gqlStatus: 200 });
  const ingest = async (proposals: unknown[]): Promise<void> => {
    const res = await as(tokens().root).call(
      'POST',
      '/aspects?action=ingestProposalBatch',
      { proposals },
      {
        'X-DataHub-Sync-Index-Update': 'true',
      },
    );
    expect(res.status).toBe(200);
  };
  return { as, tokens, runtime, ingest };
}

/** The tokens every auth test needs: one per role, and the ways a token can be bad. */
export interface TestTokens {
  readonly root: string;
  readonly admin: string;
  readonly editor: string;
  readonly reader: string;
  readonly expired: string;
  readonly revoked: string;
  /** Well-formed but never issued. */
  readonly forged: string;
  readonly actors: { readonly admin: string; readonly editor: string; readonly reader: string };
}

/**
 * Mints the test tokens through the service as the system (`asSystem`), with fresh actors and their
 * roles; the expired one is written straight to the store with a past expiry.
 */
export function mintTokens(rt: Runtime, root: string): Promise<TestTokens> {
  return asSystem(() => mintAsSystem(rt, root));
}

async function mintAsSystem(rt: Runtime, root: string): Promise<TestTokens> {
  const u = unique();
  const actors = {
    admin: `urn:li:corpuser:admin_${u}`,
    editor: `urn:li:corpuser:editor_${u}`,
    reader: `urn:li:corpuser:reader_${u}`,
  };
  const auth = rt.services.auth;
  await auth.assignRole('urn:li:dataHubRole:Admin', [actors.admin]);
  await auth.assignRole('urn:li:dataHubRole:Editor', [actors.editor]);
  await auth.assignRole('urn:li:dataHubRole:Reader', [actors.reader]);
  const mint = async (actorUrn: string, name: string) =>
    (await auth.createToken({ type: 'PERSONAL', actorUrn, duration: 'ONE_DAY', name })).accessToken;
  const revoked = await mint(actors.editor, 'revoked');
  await auth.revokeToken(tokenId(revoked));
  const expired = newToken();
  const g = graphTarget();
  const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
  try {
    await new AuthStore(exec).createToken(
      {
        id: tokenId(expired),
        name: 'expired',
        description: null,
        actorUrn: actors.admin,
        ownerUrn: actors.admin,
        createdAt: Date.now() - 7_200_000,
        expiresAt: Date.now() - 3_600_000,
        type: 'PERSONAL',
      },
      0,
      Date.now(),
    );
  } finally {
    await exec.close();
  }
  return {
    root,
    admin: await mint(actors.admin, 'admin'),
    editor: await mint(actors.editor, 'editor'),
    reader: await mint(actors.reader, 'reader'),
    expired,
    revoked,
    forged: newToken(),
    actors,
  };
}
