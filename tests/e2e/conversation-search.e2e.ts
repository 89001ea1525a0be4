// The sidebar's conversations in Chromium, on the built `sluice serve`: each says when it was
// last active, its turns and cost (two conversations started by the same prompt are told apart
// by their time), a background run is marked, and the search field finds a conversation by a
// later prompt through main. axe in both themes on the list and with the search under way.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { expectNoBlockingViolations } from './support/axe';
import { chromiumMissingMessage } from './support/chromium';
import { openApp, sendMessage, waitForTurnEnd } from './support/e2e-page';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { REPO_ROOT, type ServeProcess } from './support/serve-harness';

const UI_TIMEOUT_MS = 20_000;

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;

/** A propose run from the terminal, in the served project and home. */
function proposeRun(prompt: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'bin', 'sluice.js'),
        'ask',
        prompt,
        '--mode',
        'propose',
        '--project',
        serve.projectDir,
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          SLUICE_HOME: serve.home,
          ANTHROPIC_API_KEY: 'sk-ant-e2e-fake-key',
          ANTHROPIC_BASE_URL: fake.baseURL,
        },
        stdio: 'ignore',
      },
    );
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

const items = () => page.locator('nav[aria-label="Conversations"] li');

describe.skipIf(Boolean(chromiumMissingMessage()))(
  'conversation list and search in Chromium',
  () => {
    beforeAll(async () => {
      session = await startE2eSession();
      ({ fake, serve, page } = session);
    });
    afterAll(() => closeE2eSession(session));

    it('items say when, turns and cost; search finds by a later prompt; axe-clean in both themes', async () => {
      await openApp(page, serve.url);
      for (const prompt of ['Explain the cart total', 'Explain the cart total']) {
        fake.enqueue(reply('It adds the lines.'));
        await page.getByRole('button', { name: 'New chat' }).click();
        await sendMessage(page, prompt);
        await waitForTurnEnd(page);
      }
      fake.enqueue(reply('It is a parser.'));
      await page.getByRole('button', { name: 'New chat' }).click();
      await sendMessage(page, 'What is parse.ts');
      await waitForTurnEnd(page);
      fake.enqueue(reply('And it reads money as cents.'));
      await sendMessage(page, 'Does it handle the currency?');
      await waitForTurnEnd(page);
      fake.enqueue(reply('Proposed nothing.'));
      expect(await proposeRun('Tidy the README')).toBe(0);
      await openApp(page, serve.url);

      await expect.poll(() => items().count(), { timeout: UI_TIMEOUT_MS }).toBe(4);
      const meta = await page.locator('.conversation-meta').allTextContents();
      for (const line of meta)
        expect(line).toMatch(/^today \d\d:\d\d · \d turns? · (\$\d+\.\d\d|<\$0\.01)/u);
      expect(await items().filter({ hasText: 'Tidy the README' }).textContent()).toContain(
        'propose',
      );
      expect(await items().filter({ hasText: 'What is parse.ts' }).textContent()).toContain(
        '2 turns',
      );

      await expectNoBlockingViolations(page, 'conversation-list');

      const search = page.getByRole('searchbox', { name: 'Search conversations' });
      await search.fill('CURRENCY');
      await expect.poll(() => items().count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      expect(await items().first().textContent()).toContain('What is parse.ts');
      await expectNoBlockingViolations(page, 'conversation-search');

      await search.fill('no such words');
      await page
        .getByRole('status')
        .filter({ hasText: 'No conversation matches' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await search.press('Escape');
      await expect.poll(() => items().count(), { timeout: UI_TIMEOUT_MS }).toBe(4);
    });
  },
);
