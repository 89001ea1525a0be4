// End to end through browser mode: Debian's Chromium drives the real renderer bundle served
// by the built `sluice serve` (a child process running the real engine), which talks to the
// fake Anthropic server in this process through the real SDK. Files are checked on disk.
// One serve process for the file; every test loads the page afresh (a new conversation) and
// starts from the original fixture files, so the tests do not depend on their order.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  reply,
  stallAfterText,
  text,
  toolUse,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../support/fake-anthropic-server';
import {
  closeE2eSession,
  endScriptedTest,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import {
  eventually,
  openApp,
  sendMessage,
  toolResultIn,
  waitForReview,
  waitForReviewClosed,
  waitForTurnEnd,
} from './support/e2e-page';
import { fixtureText, type ServeProcess } from './support/serve-harness';

const CONFIG = 'src/config.ts';
const GREETING = "export const greeting = 'hello';";
const FAREWELL = "export const farewell = 'goodbye';";

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;
let firstRequest = 0;
/** The current test's scripted replies, in order (and requests that came when none was left). */
const scripted = scriptedReplies();
const { script } = scripted;

/** Requests the fake model received during the current test. */
function requestsThisTest(): RecordedRequest[] {
  return fake.requests.slice(firstRequest);
}

function editGreeting(id: string, newText = "export const greeting = 'hello, world';") {
  return toolUse(
    'edit_file',
    {
      path: CONFIG,
      edits: [{ old_text: GREETING, new_text: newText }],
      description: 'Make the greeting friendlier.',
    },
    id,
  );
}

describe.skipIf(Boolean(chromiumMissingMessage()))('sluice serve in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted });
    ({ fake, serve, page } = session);
  });

  afterAll(() => closeE2eSession(session));

  beforeEach(async () => {
    await serve.resetProject();
    firstRequest = fake.requests.length;
    await openApp(page, serve.url);
  });

  afterEach(() => endScriptedTest(session!, scripted));

  /** Opens `folder` through the project screen (browser mode: a typed path). */
  async function openProjectByPath(folder: string, shot?: string): Promise<void> {
    await page.locator('button.project-name').click();
    await page.getByTestId('project-path').fill(folder);
    if (shot) await snap(page, shot);
    await page.getByTestId('project-open-path').click();
    await expect
      .poll(() => page.locator('button.project-name').getAttribute('title'))
      .toContain(folder);
    await page.getByTestId('chat-input').waitFor();
  }

  it('project - opens a project folder from a typed path', async () => {
    const folder = await serve.freshProjectCopy();
    try {
      await openProjectByPath(folder, '01-project-screen');
      expect(await page.locator('button.project-name').textContent()).toBe(path.basename(folder));
      const tree = page.getByRole('navigation', { name: 'Files' });
      await expect.poll(() => tree.textContent()).toContain('package.json');
      expect(await tree.textContent()).toContain('src');
      await page.getByTestId('index-progress').waitFor();
      await snap(page, '02-project-open');
    } finally {
      // The other tests work in the project serve was started with.
      await openProjectByPath(serve.projectDir);
    }
  });

  it('project - the index builds as soon as a project opens', async () => {
    const folder = await serve.freshProjectCopy();
    try {
      await openProjectByPath(folder);
      await expect
        .poll(() => page.getByTestId('index-progress').textContent(), { timeout: 8_000 })
        .toMatch(/^Symbol index: 4 files · [1-9]\d* symbols$/u);
    } finally {
      await openProjectByPath(serve.projectDir);
    }
  });

  it('question - the answer streams in and its steps collapse to a summary', async () => {
    const answer =
      '`formatPrice` turns cents into a dollar string: it divides by 100 and keeps **two decimals**, so 1999 becomes $19.99.';
    script.push(
      reply([
        text('Let me read the formatter.'),
        toolUse('read_file', { path: 'src/format.ts' }, 'toolu_e2e_read'),
      ]),
      reply(answer, { chunkSize: 2, delayMs: 40 }),
    );
    await sendMessage(page, 'What does formatPrice do?');

    // Mid-stream: the step is a live line, the answer is only partly there, Stop is shown.
    const last = page.getByTestId('assistant-message').nth(1);
    await last.filter({ hasText: 'turns cents' }).waitFor();
    const partial = (await last.textContent()) ?? '';
    const step = page.getByTestId('step');
    await expect.poll(() => step.first().getAttribute('data-status')).toBe('ok');
    expect(await step.first().textContent()).toContain('Reading src/format.ts');
    expect(await page.getByTestId('chat-stop').isVisible()).toBe(true);
    await snap(page, '03-question-streaming');

    await waitForTurnEnd(page);
    const full = (await last.textContent()) ?? '';
    expect(full).toContain('so 1999 becomes $19.99.');
    expect(partial.length).toBeLessThan(full.length);
    expect(await last.locator('strong').textContent()).toBe('two decimals');

    const summary = page.getByTestId('steps-summary');
    expect(await summary.textContent()).toContain('Done (1 step)');
    await summary.click();
    expect(await step.count()).toBe(1);
    expect(await step.first().getAttribute('data-status')).toBe('ok');
    await step.first().locator('button.step-line').click();
    expect(await step.first().textContent()).toContain('formatPrice(cents: number)');
    await snap(page, '04-question-done-steps-expanded');

    // The real read_file ran in the sandbox and its result went back to the model.
    const requests = requestsThisTest();
    expect(requests).toHaveLength(2);
    expect(toolResultIn(requests[1]!, 'toolu_e2e_read')?.text).toContain(
      'export function formatPrice',
    );
  });

  it('approve - the diff is shown, nothing is written until Approve, then the file changed', async () => {
    script.push(
      reply([text('I will change the greeting.'), editGreeting('toolu_e2e_approve')]),
      reply('The greeting now says hello, world.'),
    );
    await sendMessage(page, 'Make the greeting friendlier.');
    await waitForReview(page);
    const modal = page.getByTestId('review-modal');
    expect(await modal.textContent()).toContain(CONFIG);
    // The diff viewer renders after its worker computed the diff.
    await expect.poll(() => modal.textContent()).toContain("'hello, world'");
    expect(await modal.textContent()).toContain("'hello'");
    expect(await serve.read(CONFIG)).toBe(await fixtureText(CONFIG));
    await snap(page, '05-approve-diff');

    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);
    const expected = (await fixtureText(CONFIG)).replace(
      GREETING,
      "export const greeting = 'hello, world';",
    );
    expect(await serve.read(CONFIG)).toBe(expected);
    expect(await page.getByTestId('assistant-message').last().textContent()).toContain(
      'hello, world',
    );
    await snap(page, '06-approve-applied');

    const result = toolResultIn(requestsThisTest()[1]!, 'toolu_e2e_approve');
    expect(result?.isError).toBe(false);
    expect(result?.text).toMatch(/applied/i);
  });

  it('reject - the file is unchanged and the reason reaches the model', async () => {
    const reason = 'Keep the greeting as it is; marketing owns that text.';
    script.push(
      reply([text('I will change the greeting.'), editGreeting('toolu_e2e_reject')]),
      reply('Understood, I left the greeting alone.'),
    );
    await sendMessage(page, 'Make the greeting friendlier.');
    await waitForReview(page);
    await page.getByTestId('review-reject').click();
    await page.locator('#reject-reason').fill(reason);
    await snap(page, '07-reject-reason');
    await page.getByTestId('review-reject-submit').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);

    expect(await serve.read(CONFIG)).toBe(await fixtureText(CONFIG));
    const requests = requestsThisTest();
    expect(requests).toHaveLength(2);
    const result = toolResultIn(requests[1]!, 'toolu_e2e_reject');
    expect(result?.text).toContain(reason);
    expect(result?.text).toMatch(/rejected/i);

    await page.getByTestId('steps-summary').click();
    // The person's own reject: said as theirs, not as a failure.
    expect(await page.getByTestId('step').first().getAttribute('data-status')).toBe('you-rejected');
    await snap(page, '08-reject-done');
  });

  it('hunks - approving one of two hunks writes exactly that hunk', async () => {
    script.push(
      reply([
        text('Two changes, far apart.'),
        toolUse(
          'edit_file',
          {
            path: CONFIG,
            edits: [
              { old_text: GREETING, new_text: "export const greeting = 'hi';" },
              { old_text: FAREWELL, new_text: "export const farewell = 'bye';" },
            ],
          },
          'toolu_e2e_hunks',
        ),
      ]),
      reply('Only the greeting changed.'),
    );
    await sendMessage(page, 'Shorten the greeting and the farewell.');
    await waitForReview(page);
    expect(await page.getByTestId('hunk').count()).toBe(2);
    await page.getByLabel(/Include hunk 2/).uncheck();
    expect(await page.getByTestId('review-modal').textContent()).toContain('1 of 2 hunks selected');
    // The button names what it writes once the check of exactly that hunk is in.
    await expect
      .poll(() => page.getByTestId('review-approve').textContent(), { timeout: 30_000 })
      .toBe('Approve 1 of 2 hunks');
    await snap(page, '09-hunks-one-selected');
    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);

    const expected = (await fixtureText(CONFIG)).replace(GREETING, "export const greeting = 'hi';");
    expect(await serve.read(CONFIG)).toBe(expected);
    const result = toolResultIn(requestsThisTest()[1]!, 'toolu_e2e_hunks');
    expect(result?.text).toMatch(/partly applied/i);
    await snap(page, '10-hunks-applied');
  });

  it('edit - the text the person edited is what lands on disk', async () => {
    script.push(
      reply([text('I will change the greeting.'), editGreeting('toolu_e2e_edit')]),
      reply('You adjusted my change; noted.'),
    );
    await sendMessage(page, 'Make the greeting friendlier.');
    await waitForReview(page);
    await page.getByTestId('review-edit').click();
    const editor = page.locator('#proposal-editor-text');
    const proposed = await editor.inputValue();
    expect(proposed).toContain("'hello, world'");
    const edited = proposed.replace("'hello, world'", "'edited by a person'");
    await editor.fill(edited);
    await snap(page, '11-edit-proposal');
    await page.getByTestId('review-apply-edit').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);

    expect(await serve.read(CONFIG)).toBe(edited);
    expect(edited).toBe(
      (await fixtureText(CONFIG)).replace(
        GREETING,
        "export const greeting = 'edited by a person';",
      ),
    );
    const result = toolResultIn(requestsThisTest()[1]!, 'toolu_e2e_edit');
    expect(result?.text).toContain('edited by a person');
    await snap(page, '12-edit-applied');
  });

  it('undo - puts the original file back after an approved change', async () => {
    script.push(
      reply([text('I will change the greeting.'), editGreeting('toolu_e2e_undo')]),
      reply('Changed.'),
    );
    await sendMessage(page, 'Make the greeting friendlier.');
    await waitForReview(page);
    await page.getByTestId('review-approve').click();
    await waitForTurnEnd(page);
    const original = await fixtureText(CONFIG);
    expect(await serve.read(CONFIG)).not.toBe(original);

    const undo = page.getByRole('button', { name: `Undo ${CONFIG}` });
    await undo.waitFor();
    await snap(page, '13-undo-offered');
    await undo.click();
    await eventually(
      () => serve.read(CONFIG),
      (content) => content === original,
      'the original config.ts back on disk',
    );
    await page.locator('.turn-change').filter({ hasText: 'undone' }).waitFor();
    await snap(page, '14-undo-done');
  });

  it('stop - a stalled stream ends as stopped when Stop is pressed', async () => {
    script.push({
      ...stallAfterText('I am thinking about this very slowly'),
      chunkSize: 4,
      delayMs: 30,
    });
    await sendMessage(page, 'Explain everything.');
    await page.getByTestId('assistant-message').filter({ hasText: 'very slowly' }).waitFor();
    await snap(page, '15-stop-streaming');
    await page.getByTestId('chat-stop').click();
    await waitForTurnEnd(page);
    await page.locator('.notice', { hasText: 'Stopped.' }).waitFor();
    expect(await page.getByTestId('assistant-message').last().textContent()).toContain(
      'very slowly',
    );
    expect(await page.getByTestId('assistant-message').last().textContent()).not.toContain(
      'and more',
    );
    expect(requestsThisTest()).toHaveLength(1);
    await snap(page, '16-stop-stopped');
  });

  it('symbols - finds a definition and both importers', async () => {
    await page.getByRole('tab', { name: 'Symbols' }).click();
    await page.getByLabel('Search symbols').fill('formatPrice');
    const row = page.locator('button.symbol-row').filter({ hasText: 'formatPrice' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('src/format.ts:2');
    await row.click();
    const preview = page.getByRole('region', { name: 'Definition preview' });
    await preview.getByText('Importers (2)').waitFor();
    const importers = await preview.locator('.importers li button').allTextContents();
    expect(importers.sort()).toEqual(['src/cart.ts:1', 'src/invoice.ts:1']);
    expect(await preview.textContent()).toContain('export function formatPrice');
    // The search built the index; the top bar reports it.
    await expect
      .poll(() => page.getByTestId('index-progress').textContent(), { timeout: 20_000 })
      .toMatch(/^Symbol index: 4 files · [1-9]\d* symbols$/u);
    await snap(page, '17-symbols-definition-importers');

    // An importer is clickable: it opens that location.
    await preview.getByRole('button', { name: 'src/cart.ts:1' }).click();
    await expect.poll(() => preview.textContent()).toContain('cartTotal');
    await snap(page, '18-symbols-importer-opened');
  });
});
