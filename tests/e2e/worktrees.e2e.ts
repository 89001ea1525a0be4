// New chat in a worktree end to end (issue 32): the built `sluice serve` over a real git
// repository, in Chromium: the sidebar starts a chat in a new worktree, which the app opens as
// the project (the top bar names its branch), the screen is axe clean, Back returns to the main
// project, and Apply per hunk brings the worktree's change through the review modal to disk.
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

describe.skipIf(Boolean(chromiumMissingMessage()))('new chat in a worktree in Chromium', () => {
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

  it('a chat in a worktree - opened as the project, axe clean, applied back through the review', async () => {
    await openApp(page, serve.url);
    await page.getByLabel('Worktree name (optional)').fill('e2e');
    await page.getByRole('button', { name: 'New chat in a worktree' }).click();
    const branch = page.getByTestId('worktree-branch');
    await branch.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await branch.textContent()).toBe('Worktree on branch sluice/e2e');
    await expectNoBlockingViolations(page, 'worktree chat');
    await snap(page, 'worktree-chat');

    // The worktree's own change, as a chat there would make it.
    const listed = git(serve.projectDir, ['worktree', 'list', '--porcelain']);
    const worktree = /worktree (.*\/e2e)\n/u.exec(listed)?.[1] ?? '';
    expect(worktree).not.toBe('');
    const original = await fixtureText(CONFIG);
    const changed = original.replace("greeting = 'hello'", "greeting = 'from the worktree'");
    await writeFile(path.join(worktree, CONFIG), changed);

    await page.getByRole('button', { name: 'Back to the main project' }).click();
    const item = page.getByRole('listitem', { name: 'Worktree e2e' });
    await item.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('worktree-branch').count()).toBe(0);
    await expectNoBlockingViolations(page, 'worktree list');
    await snap(page, 'worktree-list');
    await item.getByRole('button', { name: 'Apply per hunk' }).click();
    await waitForReview(page);
    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await eventually(
      () => serve.read(CONFIG),
      (text) => text === changed,
      'the worktree’s change to reach the main tree',
    );
    await page.getByText('1 of 1 file applied.').waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
