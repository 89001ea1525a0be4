// Cost, context and /compact end to end, in Debian's Chromium on the built `sluice serve`: each
// finished turn says what it cost, the meter shows the total and the context in use, and
// /compact makes the next request send the model's summary instead of the earlier turns while
// the chat still shows every turn with the compaction's line; axe-clean in both themes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply } from '../support/fake-anthropic-server';
import { expectNoBlockingViolations } from './support/axe';
import { chromiumMissingMessage } from './support/chromium';
import { openApp, waitForTurnEnd } from './support/e2e-page';
import {
  closeE2eSession,
  endScriptedTest,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';

let session: E2eSession | undefined;
let page: Page;
const scripted = scriptedReplies();
const UI_TIMEOUT_MS = 20_000;
const LONG = 'Each line of the cart carries its own tax. '.repeat(60);

async function ask(text: string, answer: string): Promise<void> {
  scripted.script.push(reply(answer));
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
  await page.getByTestId('user-message').filter({ hasText: text }).waitFor();
  await waitForTurnEnd(page);
}

describe.skipIf(Boolean(chromiumMissingMessage()))('cost, context and /compact in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'compact' });
    page = session.page;
  });

  afterAll(() => closeE2eSession(session));

  beforeEach(async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, session!.serve.url);
  });

  afterEach(() => endScriptedTest(session!, scripted));

  it('a conversation - turn costs, the meter and /compact, axe clean in both themes', async () => {
    await ask('How does the cart work?', `About the cart: ${LONG}`);
    await ask('And the tax?', `About the tax: ${LONG}`);
    const costs = page.getByTestId('turn-cost');
    await expect.poll(() => costs.count(), { timeout: UI_TIMEOUT_MS }).toBe(2);
    expect(await costs.first().textContent()).toMatch(/^This turn: \S+ in · \S+ out · \$\d/u);
    expect(await page.getByTestId('usage-context').textContent()).toMatch(/^Context \d+%$/u);

    scripted.script.push(reply('- The person asked how the cart and its tax work.'));
    const input = page.getByTestId('chat-input');
    await input.fill('/compact');
    await input.press('Escape');
    await input.press('Enter');
    const notice = page.getByTestId('slash-notice');
    await notice.getByText(/Compacted: 2 earlier turns are now sent as a summary/u).waitFor();
    const mark = page.getByTestId('compaction-mark');
    await mark.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await mark.textContent()).toMatch(
      /^Compacted: 2 earlier turns are now sent as a summary \(≈\S+ → \S+ tokens\)$/u,
    );
    expect(await page.getByTestId('user-message').count()).toBe(2);
    await expectNoBlockingViolations(page, 'compacted-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoBlockingViolations(page, 'compacted-dark');

    await ask('And the total?', 'The sum of the lines.');
    const sent = JSON.stringify(session!.fake.requests.at(-1)?.body.messages ?? []);
    expect(sent).toContain('how the cart and its tax work');
    expect(sent).toContain('And the total?');
    expect(sent).not.toContain('Each line of the cart carries its own tax.');
  });
});
