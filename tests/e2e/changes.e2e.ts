// The Changes view end to end (issue 32): the built `sluice serve` over a real git repository,
// in Chromium: the person's change is listed against HEAD and marked as theirs, the screen is
// axe clean, and Revert goes through the review modal and puts the file back on disk.
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
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'Reverted src/config.ts to HEAD.',
    );
  });
});
