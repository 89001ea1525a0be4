// A background run started from the inbox with an allowed command (issue 19), in Chromium
// through browser mode: the command runs in the run's private copy, a command not allowed is
// refused, and the set shows both with the checks line; the project on disk never changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { detectCopySupport } from '../../src/main/core/sandbox/copy-mount';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import { expectNoBlockingViolations } from './support/axe';
import { openApp } from './support/e2e-page';
import { fixtureText, type ServeProcess } from './support/serve-harness';

const CONFIG = 'src/config.ts';
const UI_TIMEOUT_MS = 20_000;
const canRun =
  !chromiumMissingMessage() && detectBubblewrap().available && detectCopySupport().available;

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;

describe.skipIf(!canRun)('a background run with commands, in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession();
    ({ fake, serve, page } = session);
  });

  afterAll(() => closeE2eSession(session));

  it('Run in background with an allowed command - runs in the copy, refuses another, shows the evidence', async () => {
    const original = await fixtureText(CONFIG);
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: /Inbox/u }).click();
    await page.getByTestId('inbox').waitFor({ timeout: UI_TIMEOUT_MS });
    fake.enqueue(
      reply([
        toolUse('edit_file', {
          path: CONFIG,
          edits: [{ old_text: "greeting = 'hello'", new_text: "greeting = 'hi'" }],
        }),
      ]),
      reply([toolUse('run_command', { command: 'ls src', description: 'list the sources' })]),
      reply([toolUse('run_command', { command: 'rm -rf src', description: 'clean up' })]),
      reply('Changed the greeting; listed the sources.'),
    );
    await page.getByTestId('background-prompt').fill('Shorter greeting');
    await page.getByTestId('background-allow-commands').fill('ls src');
    await page.getByTestId('run-in-background').click();
    await page.getByTestId('change-set-detail').waitFor({ timeout: UI_TIMEOUT_MS });
    await expect
      .poll(() => page.getByTestId('change-set-status').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('waiting for your review');
    const commands = page.getByTestId('change-set-command');
    await expect.poll(() => commands.count(), { timeout: UI_TIMEOUT_MS }).toBe(2);
    expect(await commands.nth(0).textContent()).toContain('passed');
    expect(await commands.nth(0).textContent()).toContain('you allowed it for this run');
    expect(await commands.nth(1).textContent()).toContain(
      'wanted to run `rm -rf src`: not allowed for this run',
    );
    expect(await page.getByTestId('change-set-checks').textContent()).toMatch(
      /`ls src` passed \d+ seconds? after the last edit/u,
    );
    await commands
      .nth(0)
      .getByText(/Output/u)
      .click();
    expect(await commands.nth(0).textContent()).toContain('config.ts');
    expect(await serve.read(CONFIG)).toBe(original);
    await snap(page, 'inbox-background-evidence');
    await expectNoBlockingViolations(page, 'inbox-background-evidence');
  });
});
