// A conflict found at approval time, end to end: the file changes on disk while the review is
// open, Approve writes nothing, and the finished turn's step summary names the file that
// conflicted, also after the conversation is reloaded from history (the real `sluice serve`,
// its SQLite store, Debian's Chromium and the fake Anthropic server).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, text, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { axeViolations, blocking, describeViolations } from './support/axe';
import {
  closeE2eSession,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import {
  openApp,
  sendMessage,
  toolResultIn,
  waitForReview,
  waitForReviewClosed,
  waitForTurnEnd,
} from './support/e2e-page';
import { fixtureText, type ServeProcess } from './support/serve-harness';

const CONFIG = 'src/config.ts';
const ASK = 'Make the greeting friendlier.';

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;
const scripted = scriptedReplies();
const { script } = scripted;

describe.skipIf(Boolean(chromiumMissingMessage()))('approval conflict in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted });
    ({ fake, serve, page } = session);
  });

  afterAll(() => closeE2eSession(session));

  it('conflict - the summary names the conflicted file after the turn and after a reload', async () => {
    await serve.resetProject();
    await openApp(page, serve.url);
    const firstRequest = fake.requests.length;
    script.push(
      reply([
        text('I will change the greeting.'),
        toolUse(
          'edit_file',
          {
            path: CONFIG,
            edits: [
              {
                old_text: "export const greeting = 'hello';",
                new_text: "export const greeting = 'hello, world';",
              },
            ],
          },
          'toolu_e2e_conflict',
        ),
      ]),
      reply('The file changed before my edit landed; I will re-read it.'),
    );
    await sendMessage(page, ASK);
    await waitForReview(page);

    // Someone else edits the file while the diff is on screen.
    const theirs = `${await fixtureText(CONFIG)}export const added = 'by someone else';\n`;
    await writeFile(path.join(serve.projectDir, CONFIG), theirs);
    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);

    expect(await serve.read(CONFIG)).toBe(theirs);
    const result = toolResultIn(fake.requests[firstRequest + 1]!, 'toolu_e2e_conflict');
    expect(result?.text).toMatch(/^Conflict: src\/config\.ts changed on disk/);
    expect(script).toHaveLength(0);

    const unwritten = page.getByTestId('steps-unwritten');
    expect(await page.getByTestId('steps-summary').textContent()).toContain('1 problem');
    expect(await unwritten.textContent()).toMatch(/^Conflict: src\/config\.ts changed on disk/);
    await snap(page, 'conflict-turn-ended');
    const found = blocking(await axeViolations(page));
    expect(found, describeViolations(found)).toEqual([]);

    // A fresh page starts a new conversation; the old one comes back from the store.
    await openApp(page, serve.url);
    expect(await unwritten.count()).toBe(0);
    await page.getByRole('button', { name: ASK, exact: true }).click();
    await page.getByTestId('steps-summary').waitFor();
    expect(await unwritten.textContent()).toMatch(/^Conflict: src\/config\.ts changed on disk/);
    await page.getByTestId('steps-summary').click();
    expect(await page.getByTestId('step').first().getAttribute('data-status')).toBe('conflict');
    await snap(page, 'conflict-reloaded');
  });
});
