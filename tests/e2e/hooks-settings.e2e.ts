// Settings → Hooks end to end (the built `sluice serve`, its SQLite store, Debian's Chromium):
// the project's `.sluice/hooks.json` is listed not approved, with what is wrong with the file;
// "Review and approve" shows the exact command before it is approved; a test of PreToolUse on
// run_command runs the approved hook for real (it blocks `rm -rf`, exit 2) and the run is shown
// with its outcome, exit and first lines, then among the latest runs; a hook added for every
// project is listed as yours and removed again. axe finds nothing blocking in either theme.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoBlockingViolations, SCHEMES, useScheme } from './support/axe';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { ARTIFACTS, chromiumMissingMessage } from './support/chromium';
import { openApp } from './support/e2e-page';
import type { ServeProcess } from './support/serve-harness';

const GUARD =
  'read input; case "$input" in *"rm -rf"*) echo "refusing rm -rf in this project" >&2; exit 2;; esac';

const HOOKS_FILE = {
  hooks: {
    PreToolUse: [
      { matcher: 'run_command', hooks: [{ type: 'command', command: GUARD, timeout: 20 }] },
    ],
    Stop: 'not a list',
  },
};

let session: E2eSession | undefined;
let serve: ServeProcess;
let page: Page;

async function openHooks(): Promise<Locator> {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByTestId('hook-settings');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('list', { name: "This project's hooks" }).waitFor();
  return section;
}

describe.skipIf(Boolean(chromiumMissingMessage()))('Settings → Hooks in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ label: 'hooks' });
    ({ serve, page } = session);
    await mkdir(path.join(serve.projectDir, '.sluice'), { recursive: true });
    await writeFile(
      path.join(serve.projectDir, '.sluice', 'hooks.json'),
      JSON.stringify(HOOKS_FILE, null, 2),
    );
  });

  afterAll(() => closeE2eSession(session));

  it("hooks - the project's hook is approved as shown, then a test runs it and it blocks", async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, serve.url);
    const section = await openHooks();
    const project = section.getByRole('list', { name: "This project's hooks" });
    await expect.poll(() => project.textContent()).toContain('not approved');
    await expect
      .poll(() =>
        section.getByRole('note', { name: 'Problems with .sluice/hooks.json' }).textContent(),
      )
      .toMatch(/Stop/u);

    await project.getByRole('button', { name: /^Review and approve PreToolUse hook/u }).click();
    const review = project.getByRole('group', { name: 'Approve this project hook' });
    await expect.poll(() => review.textContent()).toContain('refusing rm -rf in this project');
    await expectNoBlockingViolations(page, 'hooks-approve', ['[data-testid="hook-settings"]']);
    await review.getByRole('button', { name: 'Approve exactly this' }).click();
    await expect.poll(() => project.textContent()).toContain('approved as it is');

    const test = section.getByRole('form', { name: 'Test hooks' });
    await test.getByLabel('Sample tool input (JSON object)').fill('{"command": "rm -rf build"}');
    await test.getByRole('button', { name: 'Test' }).click();
    const runs = test.getByRole('list', { name: 'Runs of this test' });
    await runs.waitFor({ timeout: 30_000 });
    expect(await runs.textContent()).toMatch(/PreToolUse on run_command .* blocked \(exit 2\)/u);
    expect(await runs.getByLabel('What the hook printed').textContent()).toContain(
      'refusing rm -rf in this project',
    );
    await expect
      .poll(() => section.getByRole('list', { name: 'Latest hook runs' }).textContent())
      .toContain('blocked (exit 2)');
    await expectNoBlockingViolations(page, 'hooks', ['[data-testid="hook-settings"]']);
    // The whole section, on a window tall enough to hold it, in each theme.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 2600 });
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      await mkdir(ARTIFACTS, { recursive: true });
      await section.screenshot({ path: path.join(ARTIFACTS, `hooks-settings-${scheme}.png`) });
    }
    await useScheme(page, 'light');
    if (viewport) await page.setViewportSize(viewport);
  });

  it('hooks - a hook added for every project is listed as yours and removed again', async () => {
    await openApp(page, serve.url);
    const section = await openHooks();
    const form = section.getByRole('form', { name: 'Add a hook of yours' });
    await form.getByRole('combobox', { name: /^Event/u }).selectOption('Stop');
    await form.getByLabel(/^Command/u).fill('echo turn over');
    await form.getByRole('radio', { name: 'every project' }).check();
    await form.getByRole('button', { name: 'Add hook' }).click();
    const yours = section.getByRole('list', { name: 'Your hooks' });
    await expect.poll(() => yours.textContent()).toContain('echo turn over');
    await yours.getByRole('button', { name: 'Remove Stop hook echo turn over' }).click();
    await section.getByText('No hooks of yours.').waitFor();
  });
});
