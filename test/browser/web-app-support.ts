import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient } from '../support/http.js';
import { unique } from '../support/runtime.js';
import { launchChromium } from './chromium.js';

/** Where the suite's screenshots go (docs/screenshots has the committed ones). */
export const SHOTS = path.resolve('.neohub', 'test', 'screenshots');

/** A browser suite's server (authentication on, a root password), its tokens and its Chromium. */
export interface WebApp {
  readonly rt: Runtime;
  readonly url: string;
  readonly t: TestTokens;
  readonly password: string;
  readonly browser: Browser;
  /**
   * A page of its own browser context, signed in with a pasted access token (the root user's when none
   * is given: password sign-ins are limited to 10 a minute per user, as they should be).
   */
  signedIn(token?: string): Promise<Page>;
  /** A page signed in as the root user with its password. */
  signedInWithPassword(): Promise<Page>;
  /** A GraphQL call with a token: its `data`. */
  gqlAs(token: string, query: string, variables?: Record<string, unknown>): Promise<any>;
  /** A batch of proposals as root, the search index updated before it answers. */
  ingest(proposals: unknown[]): Promise<void>;
  /** A screenshot into SHOTS. */
  shot(page: Page, name: string, fullPage?: boolean): Promise<void>;
}

/**
 * The suite's web app: a server and a Chromium started before its tests (then `seed`), stopped after
 * them. The returned object is filled in once the suite's `beforeAll` ran.
 */
export function useWebApp(seed: (app: WebApp) => Promise<void> = async () => {}): WebApp {
  const app = {} as { -readonly [K in keyof WebApp]: WebApp[K] };
  const password = `pw-${unique()}-browser`;
  beforeAll(async () => {
    const started = await startAuthServer({ NEOHUB_ROOT_PASSWORD: password });
    const rt = started.rt;
    const t = await mintTokens(rt, started.root);
    const client = () => httpClient(() => rt.url);
    Object.assign(app, {
      rt,
      url: rt.url,
      t,
      password,
      browser: await launchChromium(),
      signedIn: (token?: string) => signIn(app, token ?? t.root),
      signedInWithPassword: () => signIn(app),
      gqlAs: async (token: string, query: string, variables: Record<string, unknown> = {}) =>
        (await client().as(token).call('POST', '/api/graphql', { query, variables })).body.data,
      ingest: async (proposals: unknown[]) => {
        const res = await client()
          .as(t.root)
          .call(
            'POST',
            '/aspects?action=ingestProposalBatch',
            { proposals },
            { 'X-DataHub-Sync-Index-Update': 'true' },
          );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      },
      shot: (page: Page, name: string, fullPage = false) =>
        page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage }).then(() => {}),
    });
    mkdirSync(SHOTS, { recursive: true });
    await seed(app);
  }, 180_000);
  afterAll(async () => {
    await app.browser?.close();
    await app.rt?.stop();
  });
  return app;
}

async function signIn(app: WebApp, token?: string): Promise<Page> {
  const page = await (await app.browser.createBrowserContext()).newPage();
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  await page.goto(`${app.url}/`);
  await page.waitForSelector('form[aria-label="Sign in"]');
  if (token) {
    await press(page, 'form button.quiet');
    await page.type('input[name=token]', token);
  } else {
    await page.type('input[name=username]', 'datahub');
    await page.type('input[name=password]', app.password);
  }
  await press(page, 'button[type=submit]');
  await page.waitForSelector('input[aria-label="Search the catalog"]');
  return page;
}

/** The text a selector's first element shows. */
/**
 * Clicks a button once it is there, as a script would, not at a point of the screen: a mouse click
 * lands wherever the layout was a moment ago, and a search answering above or a graph fitting its
 * view moves it (such lost clicks failed CI three times). Every click of the browser tests goes through it.
 */
/**
 * Deletes the metadata tests whose text holds `id` (a suite's own): a test left behind would be evaluated
 * over every later suite's writes. For an `afterAll`, so that a suite stopped half-way leaves none.
 */
export async function deleteTests(app: WebApp, id: string): Promise<void> {
  if (!app.t) return;
  const tests = await app.gqlAs(
    app.t.root,
    `{ listTests(input: {query: "${id}", count: 10}) { tests { urn } } }`,
  );
  for (const t of tests?.listTests.tests ?? [])
    await app.gqlAs(app.t.root, 'mutation ($u: String!) { deleteTest(urn: $u) }', { u: t.urn });
}

export const press = async (page: Page, selector: string): Promise<void> => {
  await page.waitForSelector(selector);
  await page.$eval(selector, (b) => (b as any).click());
};

export const text = (page: Page, selector: string): Promise<string> =>
  page.$eval(selector, (e) => (e as any).innerText as string);

/** The texts of every element a selector finds. */
export const texts = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(selector, (es) => es.map((e) => (e as any).innerText as string));

/** Waits until the page's text under a selector contains `needle`. */
export const waitForText = (page: Page, selector: string, needle: string, timeout = 20_000) =>
  page.waitForFunction(
    (s: string, n: string) => ((globalThis as any).document.querySelector(s)?.innerText ?? '').includes(n),
    { timeout },
    selector,
    needle,
  );

/** axe-core's serious and critical violations on the page as it is now ("rule (impact, nodes)"). */
export async function axeProblems(page: Page): Promise<string[]> {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axe);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as any).axe as {
      run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
    };
    return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, n: v.nodes.length }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.n})`);
}

/** Opens a folded edit form (its opener is a button named as the form), and waits for the form. */
export async function openForm(page: Page, label: string, within = 'body'): Promise<void> {
  const opened = await page.evaluate(
    (l: string, w: string) => {
      const scope = (globalThis as any).document.querySelector(w);
      const button = [...(scope?.querySelectorAll('button.opener') ?? [])].find(
        (b: any) => b.innerText === l,
      );
      (button as any)?.click();
      return !!button;
    },
    label,
    within,
  );
  if (!opened) throw new Error(`no "${label}" button`);
  await page.waitForSelector(`form[aria-label="${label}"]`);
}
