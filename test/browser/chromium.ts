import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Where Chromium is: NEOHUB_CHROMIUM, else Debian's package (the test command installs it when missing). */
export function chromiumPath(): string {
  const candidates = [process.env.NEOHUB_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error("No Chromium: install Debian's chromium package (npm test does) or set NEOHUB_CHROMIUM");
  return found;
}

/** A headless Chromium for one suite (no sandbox: the test machine runs as root). */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--window-size=1280,900'],
    defaultViewport: { width: 1280, height: 900 },
  });
}
