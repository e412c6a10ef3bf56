import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { unique } from '../support/runtime.js';
import { axeProblems, press, text, useWebApp } from './web-app-support.js';

// Joining and getting back in, as DataHub's web app has it: an Admin makes an invite link of a role
// (`/signup?invite_token=…`) and a user's password reset link (`/reset?reset_token=…`) on the Admin page;
// the person opens the link in a browser of their own, signs up or sets a new password, and is signed in.

const id = unique();
const email = `joiner_${id}@example.com`;
const urn = `urn:li:corpuser:${email}`;
const FIRST = `first-${id}-password`;
const SECOND = `second-${id}-password`;

const app = useWebApp();

/** A page of a browser context of its own, as a person opening a link they were sent. */
const freshPage = async (): Promise<Page> => {
  const page = await (await app.browser.createBrowserContext()).newPage();
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  return page;
};
const closeAll = (page: Page) => page.browserContext().close();

/** The Admin page, signed in with the root token. */
const adminPage = async (): Promise<Page> => {
  const page = await app.signedIn(app.t.root);
  await page.goto(`${app.url}/admin`);
  await page.waitForSelector('#people-section table');
  return page;
};

/** Waits until the app shows its signed-in header, as `username`. */
const signedInAs = async (page: Page, username: string) => {
  await page.waitForSelector('input[aria-label="Search the catalog"]');
  expect(await text(page, '.who')).toBe(username);
  expect(new URL(page.url()).pathname).toBe('/');
};

/** The user's role as the server keeps it (its IsMemberOfRole relationship). */
const roleOf = async (user: string): Promise<string[]> => {
  const d = await app.gqlAs(
    app.t.root,
    `query ($u: String!) { corpUser(urn: $u) { roles: relationships(input: {types: ["IsMemberOfRole"], direction: OUTGOING}) { relationships { entity { urn } } } } }`,
    { u: user },
  );
  return d.corpUser.roles.relationships.map((r: { entity: { urn: string } }) => r.entity.urn);
};

/** Signs in on the sign-in page with a user name and password; the alert it shows, or '' when signed in. */
const passwordSignIn = async (username: string, password: string): Promise<string> => {
  const page = await freshPage();
  await page.goto(`${app.url}/login`);
  await page.waitForSelector('form[aria-label="Sign in"]');
  await page.type('input[name=username]', username);
  await page.type('input[name=password]', password);
  await press(page, 'button[type=submit]');
  await page.waitForSelector('[role=alert], input[aria-label="Search the catalog"]');
  const alert = (await page.$('[role=alert]')) ? await text(page, '[role=alert]') : '';
  await closeAll(page);
  return alert;
};

describe('invite and reset links', () => {
  it("an Admin's invite link opens the sign-up page; the new user signs up and is signed in with the invite's role", async () => {
    const admin = await adminPage();
    await admin.select('#people-section select', 'Editor');
    await press(admin, '#people-section .inline-form button:not(.quiet)');
    await admin.waitForFunction(() =>
      /invite_token=[a-z]{32}/.test(
        (globalThis as any).document.querySelector('#people-section .made.invite code')?.innerText ?? '',
      ),
    );
    expect(await text(admin, '#people-section .made.invite')).toContain('(Editor)');
    const link = await text(admin, '#people-section .made.invite code');
    expect(link).toMatch(new RegExp(`^${app.url}/signup\\?invite_token=[a-z]{32}$`));
    await closeAll(admin);

    // Without its token, the page says to ask for a link.
    const page = await freshPage();
    await page.goto(`${app.url}/signup`);
    await page.waitForSelector('[role=alert]');
    expect(await text(page, '[role=alert]')).toMatch(/no token: ask an Admin for an invite link/);

    await page.goto(link);
    await page.waitForSelector('form[aria-label="Sign up"]');
    expect(await axeProblems(page)).toEqual([]);
    await page.type('input[name=fullName]', `Joiner ${id}`);
    await page.type('input[name=email]', email);
    await page.type('input[name=title]', 'Analytics Engineer');
    await page.type('input[name=password]', FIRST);
    await page.type('input[name=confirmPassword]', `${FIRST}x`);
    await press(page, 'button[type=submit]');
    await page.waitForSelector('[role=alert]');
    expect(await text(page, '[role=alert]')).toBe('The two passwords differ.');
    await page.$eval('input[name=confirmPassword]', (e: any) => {
      e.focus();
      e.select();
    });
    await page.keyboard.press('Backspace');
    await page.type('input[name=confirmPassword]', FIRST);
    await app.shot(page, 'sign-up');
    await press(page, 'button[type=submit]');
    await signedInAs(page, email);
    // An Editor: no Admin page, and the server gave the invite's role.
    expect(await page.$('a[href="/admin"]')).toBeNull();
    expect(await roleOf(urn)).toEqual(['urn:li:dataHubRole:Editor']);
    const user = await app.gqlAs(app.t.root, `{ corpUser(urn: "${urn}") { properties { fullName title } } }`);
    expect(user.corpUser.properties).toEqual({ fullName: `Joiner ${id}`, title: 'Analytics Engineer' });
    // Signed out, the same invite link refuses the same user again, and says why.
    await press(page, 'header button.quiet');
    await page.waitForSelector('form[aria-label="Sign in"]');
    await page.goto(link);
    await page.waitForSelector('form[aria-label="Sign up"]');
    await page.type('input[name=fullName]', 'Again');
    await page.type('input[name=email]', email);
    await page.type('input[name=password]', FIRST);
    await page.type('input[name=confirmPassword]', FIRST);
    await press(page, 'button[type=submit]');
    await page.waitForSelector('[role=alert]');
    expect(await text(page, '[role=alert]')).toMatch(/already exists/);
    await closeAll(page);
  });

  it("an Admin's reset link sets a new password: the user is signed in, the new password works and the old one is refused", async () => {
    const admin = await adminPage();
    // The new user shows in the people list once the search index has it: find again until it does.
    await admin.type('input[name=people-query]', `Joiner ${id}`);
    const button = `button[aria-label="Make a password reset link for ${email}"]`;
    await admin.waitForFunction(
      async (b: string) => {
        const doc = (globalThis as any).document;
        if (doc.querySelector(b)) return true;
        doc.querySelector('#people-section form.find button')?.click();
        await new Promise((r) => setTimeout(r, 500));
        return false;
      },
      { timeout: 30_000, polling: 1000 },
      button,
    );
    await press(admin, button);
    await admin.waitForSelector('#people-section .made.reset-link code');
    expect(await text(admin, '#people-section .made.reset-link')).toContain(email);
    const link = await text(admin, '#people-section .made.reset-link code');
    expect(link).toMatch(new RegExp(`^${app.url}/reset\\?reset_token=[a-z]{32}$`));
    expect(await admin.$$('#people-section [role=alert]')).toHaveLength(0);
    await closeAll(admin);

    const page = await freshPage();
    await page.goto(link);
    await page.waitForSelector('form[aria-label="Reset the password"]');
    expect(await axeProblems(page)).toEqual([]);
    await page.type('input[name=email]', email);
    await page.type('input[name=password]', SECOND);
    await page.type('input[name=confirmPassword]', SECOND);
    await app.shot(page, 'reset');
    await press(page, 'button[type=submit]');
    await signedInAs(page, email);
    // The link is used up.
    await press(page, 'header button.quiet');
    await page.waitForSelector('form[aria-label="Sign in"]');
    await page.goto(link);
    await page.waitForSelector('form[aria-label="Reset the password"]');
    await page.type('input[name=email]', email);
    await page.type('input[name=password]', `${SECOND}-again`);
    await page.type('input[name=confirmPassword]', `${SECOND}-again`);
    await press(page, 'button[type=submit]');
    await page.waitForSelector('[role=alert]');
    expect(await text(page, '[role=alert]')).toMatch(/reset token/);
    await closeAll(page);

    expect(await passwordSignIn(email, FIRST)).toMatch(/Invalid Credentials/);
    expect(await passwordSignIn(email, SECOND)).toBe('');
  });

  it('the sign-in page has no serious or critical accessibility problems', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/login`);
    await page.waitForSelector('form[aria-label="Sign in"]');
    expect(await axeProblems(page)).toEqual([]);
    await closeAll(page);
  });
});
