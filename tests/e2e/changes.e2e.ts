// The Changes view end to end: the built `sluice serve` over a real git repository, in
// Chromium: the person's change is listed against HEAD and marked as theirs, the screen is axe
// clean, Revert goes through the review modal and puts the file back on disk, and Commit takes
// only the files the person left ticked.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { git } from '../support/git-fixture';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import { expectNoBlockingViolations } from './support/axe';
import { eventually, openApp, waitForReview, waitForReviewClosed } from './support/e2e-page';
import { fixtureText, type ServeProcess } from './support/serve-harness';

const CONFIG = 'src/config.ts';
const UI_TIMEOUT_MS = 20_000;

let session: E2eSession | undefined;
let serve: ServeProcess;
let page: Page;

describe.skipIf(Boolean(chromiumMissingMessage()))('the Changes view in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession();
    ({ serve, page } = session);
    const dir = serve.projectDir;
    git(dir, ['init', '-q', '-b', 'main']);
    git(dir, ['config', 'user.name', 'Ada Person']);
    git(dir, ['config', 'user.email', 'ada@example.com']);
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'initial']);
  });

  afterAll(() => closeE2eSession(session));

  it('a change of yours - is listed against HEAD, axe clean, and reverted through the review', async () => {
    const original = await fixtureText(CONFIG);
    await writeFile(
      path.join(serve.projectDir, CONFIG),
      original.replace("greeting = 'hello'", "greeting = 'hey'"),
    );
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Changes' }).click();
    const list = page.getByRole('list', { name: 'Changed files' });
    await list.waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await list.textContent())?.trim()).toBe('src/config.ts modified by you');
    await expectNoBlockingViolations(page, 'changes');
    await snap(page, 'changes-view');

    await page.getByRole('button', { name: 'Revert file to HEAD' }).click();
    await waitForReview(page);
    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await eventually(
      () => serve.read(CONFIG),
      (text) => text === original,
      'the revert to reach the disk',
    );
    await page.getByText('No changes against HEAD.').waitFor({ timeout: UI_TIMEOUT_MS });
    await expect(
      page.getByRole('status').filter({ hasText: 'Reverted' }).textContent(),
    ).resolves.toBe('Reverted src/config.ts to HEAD.');
  });

  it('a commit of one of two changed files - the unticked one stays a change in the tree', async () => {
    const original = await fixtureText(CONFIG);
    const other = 'src/notes.ts';
    await writeFile(path.join(serve.projectDir, other), 'export const notes = 1;\n');
    git(serve.projectDir, ['add', other]);
    git(serve.projectDir, ['commit', '-qm', 'notes']);
    await writeFile(
      path.join(serve.projectDir, CONFIG),
      original.replace("greeting = 'hello'", "greeting = 'hi'"),
    );
    await writeFile(path.join(serve.projectDir, other), 'export const notes = 2;\n');
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Changes' }).click();
    await page
      .getByRole('checkbox', { name: `Commit ${other}` })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('checkbox', { name: `Commit ${other}` }).uncheck();
    await page.getByLabel(/Commit message/u).fill('Say hi');
    // What the commit carries is checked against HEAD and shown above Commit.
    await page
      .getByLabel('What this commit carries')
      .getByText(/error/iu)
      .first()
      .waitFor({ timeout: 60_000 });
    await expectNoBlockingViolations(page, 'changes-picks');
    await snap(page, 'changes-commit-evidence');
    await page.getByRole('button', { name: 'Commit 1 file' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Committed [0-9a-f]{12}\.$/u })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(git(serve.projectDir, ['show', '--name-only', '--format=%s', 'HEAD']).trim()).toBe(
      `Say hi\n\n${CONFIG}`,
    );
    expect(git(serve.projectDir, ['status', '--porcelain']).trim()).toBe(`M ${other}`);
    await snap(page, 'changes-commit-picks');
  });
});
