// The inbox end to end (issue 11): a change set made by the built CLI (`sluice ask --mode
// propose`, a separate process) appears in a running `sluice serve` without a reload, is
// reviewed per hunk in Chromium, applied, and undone; the files are checked on disk.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import { expectNoBlockingViolations } from './support/axe';
import { openApp } from './support/e2e-page';
import { fixtureText, REPO_ROOT, type ServeProcess } from './support/serve-harness';

const CONFIG = 'src/config.ts';
const UI_TIMEOUT_MS = 20_000;

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;

/** Runs the built CLI as a second process against the same SLUICE_HOME as the server. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'sluice.js'), ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        SLUICE_HOME: serve.home,
        ANTHROPIC_API_KEY: 'sk-ant-e2e-fake-key',
        ANTHROPIC_BASE_URL: fake.baseURL,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(Boolean(chromiumMissingMessage()))('the inbox in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession();
    ({ fake, serve, page } = session);
  });

  afterAll(() => closeE2eSession(session));

  it('a set made by the CLI - appears without reload, is reviewed per hunk, applied and undone', async () => {
    const original = await fixtureText(CONFIG);
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: /Inbox/u }).click();
    await page.getByTestId('inbox').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('inbox-item').count()).toBe(0);

    fake.enqueue(
      reply([
        toolUse('edit_file', {
          path: CONFIG,
          edits: [
            { old_text: "greeting = 'hello'", new_text: "greeting = 'hi there'" },
            { old_text: "farewell = 'goodbye'", new_text: "farewell = 'see you'" },
          ],
        }),
      ]),
      reply('Friendlier greeting and farewell.'),
    );
    const cli = await runCli([
      'ask',
      'Make the greetings friendlier',
      '--mode',
      'propose',
      '--project',
      serve.projectDir,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(await serve.read(CONFIG)).toBe(original);

    const item = page
      .getByTestId('inbox-item')
      .filter({ hasText: 'Make the greetings friendlier' });
    await item.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('inbox-badge').textContent()).toBe('1');
    await item.click();
    await page.getByText('Friendlier greeting and farewell.').waitFor({ timeout: UI_TIMEOUT_MS });
    const hunks = page.getByTestId('inbox-file').getByTestId('hunk');
    expect(await hunks.count()).toBe(2);
    await page.getByLabel(/Include hunk 2/u).uncheck();
    await snap(page, 'inbox-review');
    await expectNoBlockingViolations(page, 'inbox-review');
    await page.getByTestId('accept-selected').click();
    await page.getByTestId('apply-result').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await serve.read(CONFIG)).toBe(
      original.replace("greeting = 'hello'", "greeting = 'hi there'"),
    );
    await expect
      .poll(() => page.getByTestId('change-set-status').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('partly accepted');

    await page.getByTestId('undo-applied').click();
    await page.getByTestId('change-set-undone').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('undo-applied').count()).toBe(0);
    expect(await serve.read(CONFIG)).toBe(original);
    await snap(page, 'inbox-undone');
  });
});
