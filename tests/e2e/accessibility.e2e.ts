// Accessibility end to end: axe-core runs inside Debian's Chromium on the real renderer bundle
// served by the built `sluice serve`, on each main screen in both the light and the dark theme
// (the theme follows the emulated colour scheme). No critical and no serious violation is
// accepted; a failure lists every violation with its id, impact and targets.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, text, toolUse } from '../support/fake-anthropic-server';
import { expectNoBlockingViolations as expectAxeClean } from './support/axe';
import {
  closeE2eSession,
  endScriptedTest,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';
import { chromiumMissingMessage } from './support/chromium';
import {
  openApp,
  sendMessage,
  waitForReview,
  waitForReviewClosed,
  waitForTurnEnd,
} from './support/e2e-page';
import { type ServeProcess } from './support/serve-harness';

let session: E2eSession | undefined;
let serve: ServeProcess;
let page: Page;
const scripted = scriptedReplies();
const { script } = scripted;

const expectNoBlockingViolations = (screen: string, include?: string[]) =>
  expectAxeClean(page, screen, include);

describe.skipIf(Boolean(chromiumMissingMessage()))('accessibility in Chromium (axe-core)', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'a11y' });
    ({ serve, page } = session);
  });

  afterAll(() => closeE2eSession(session));

  beforeEach(async () => {
    script.length = 0;
    await serve.resetProject();
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, serve.url);
  });

  afterEach(() => endScriptedTest(session!, scripted));

  it('main screen - a finished turn with steps, markdown, code and the @-mention list', async () => {
    script.push(
      reply([
        text('Let me read the formatter.'),
        toolUse('read_file', { path: 'src/format.ts' }, 'toolu_a11y_read'),
      ]),
      reply(
        '`formatPrice` keeps **two decimals**:\n\n```ts\nexport function formatPrice(cents: number): string {\n  return `$${(cents / 100).toFixed(2)}`;\n}\n```\n\n- one\n- two\n\n> quoted [link](https://example.com)',
      ),
    );
    await sendMessage(page, 'What does formatPrice do?');
    await waitForTurnEnd(page);
    await page.getByTestId('steps-summary').click();
    await page.getByTestId('step').first().locator('button.step-line').click();
    await expectNoBlockingViolations('main');

    // The @-mention list open over the message box.
    await page.getByTestId('chat-input').fill('Explain @format');
    await page.getByRole('option').first().waitFor();
    await expectNoBlockingViolations('main-mention');
    await page.getByTestId('chat-input').fill('');
  });

  it('diff dialog - split, unified, edit and reject views; then the changed files', async () => {
    script.push(
      reply([
        text('I will change the greeting.'),
        toolUse(
          'edit_file',
          {
            path: 'src/config.ts',
            edits: [
              {
                old_text: "export const greeting = 'hello';",
                new_text: "export const greeting = 'hello, world';",
              },
              {
                old_text: "export const farewell = 'goodbye';",
                new_text: "export const farewell = 'see you soon';",
              },
            ],
            description: 'Make the greeting friendlier.',
          },
          'toolu_a11y_edit',
        ),
      ]),
      reply('Both changed.'),
    );
    await sendMessage(page, 'Make the greeting friendlier.');
    await waitForReview(page);
    const modal = page.getByTestId('review-modal');
    await expect.poll(() => modal.textContent()).toContain("'hello, world'");
    await expectNoBlockingViolations('diff');

    await page.getByRole('button', { name: 'Unified' }).click();
    await expect.poll(() => modal.textContent()).toContain("'see you soon'");
    await expectNoBlockingViolations('diff-unified');

    await page.getByTestId('review-edit').click();
    await page.locator('#proposal-editor-text').waitFor();
    await expectNoBlockingViolations('diff-edit');
    await page.getByRole('button', { name: 'Back to review' }).click();

    await page.getByTestId('review-reject').click();
    await page.locator('#reject-reason').waitFor();
    await expectNoBlockingViolations('diff-reject');
    await page.getByRole('button', { name: 'Back to review' }).click();

    // Approved: the main screen now lists the changed file with Undo.
    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);
    await page.getByRole('button', { name: 'Undo src/config.ts' }).waitFor();
    await expectNoBlockingViolations('main-files-changed');
  });

  it('settings - the settings pane', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page
      .getByRole('heading', { name: /settings/i })
      .first()
      .waitFor();
    await expectNoBlockingViolations('settings');
  });

  it('symbol browser - results and a definition preview with importers', async () => {
    await page.getByRole('tab', { name: 'Symbols' }).click();
    await page.getByLabel('Search symbols').fill('formatPrice');
    const row = page.locator('button.symbol-row').filter({ hasText: 'formatPrice' }).first();
    await row.waitFor();
    await row.click();
    const preview = page.getByRole('region', { name: 'Definition preview' });
    await preview.getByText('Importers (2)').waitFor();
    await expectNoBlockingViolations('symbols');
  });
});
