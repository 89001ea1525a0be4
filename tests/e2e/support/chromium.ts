// Debian's Chromium driven by playwright-core: never a downloaded browser. Playwright gives
// each launch a fresh temporary profile.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.SLUICE_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve('test-artifacts/e2e');

export function chromiumMissingMessage(): string | undefined {
  return existsSync(CHROMIUM)
    ? undefined
    : `No Chromium at ${CHROMIUM}: run \`apt-get install chromium\`.`;
}

export async function launchChromium(): Promise<{
  browser: Browser;
  context: BrowserContext;
  page: Page;
}> {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  const page = await context.newPage();
  return { browser, context, page };
}

/** Saves a screenshot as a test artifact; returns its path. */
export async function snap(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
