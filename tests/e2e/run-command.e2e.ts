// run_command end to end through browser mode: the built `sluice serve` runs the real engine;
// the fake model asks to run a command; Chromium shows the command card; the person's click
// decides; the command runs in the sandbox and its effect is checked on disk and in what the
// model is told next.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { expectNoBlockingViolations } from './support/axe';
import { reply, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { chromiumMissingMessage, snap } from './support/chromium';
import { eventually, openApp, sendMessage, toolResultIn, waitForTurnEnd } from './support/e2e-page';
import { type ServeProcess } from './support/serve-harness';

const skip = Boolean(chromiumMissingMessage()) || !detectBubblewrap().available;

describe.skipIf(skip)('run_command in Chromium', () => {
  let session: E2eSession | undefined;
  let fake: FakeAnthropicServer;
  let serve: ServeProcess;
  let page: Page;

  beforeAll(async () => {
    session = await startE2eSession();
    ({ fake, serve, page } = session);
  });
  afterAll(() => closeE2eSession(session));

  it('the card shows the command and its reach; Run once runs it in the sandbox', async () => {
    fake.enqueue(
      reply([
        toolUse(
          'run_command',
          {
            command: 'echo sandboxed > ran.txt && echo printed-by-command',
            description: 'Prove the command runs.',
          },
          'toolu_e2e_cmd',
        ),
      ]),
      reply('It ran.'),
    );
    await openApp(page, serve.url);
    await sendMessage(page, 'Run something');
    const card = page.getByTestId('command-modal');
    await card.waitFor();
    expect(await page.getByTestId('command-line').textContent()).toContain(
      'echo sandboxed > ran.txt',
    );
    expect(await page.getByTestId('command-sandbox').textContent()).toContain('sandboxed');
    expect(await page.getByTestId('command-network').textContent()).toContain('off');
    // A write whose content is known is shown as a diff on the card (issue 22 item 7).
    const writes = page.getByTestId('command-writes');
    expect(await writes.textContent()).toContain('ran.txt (new file)');
    await expect.poll(() => writes.textContent()).toContain('sandboxed');
    await expectNoBlockingViolations(page, 'command-card-with-write');
    await snap(page, 'run-command-card');
    await page.getByTestId('command-run-once').click();
    await waitForTurnEnd(page);
    expect(await serve.read('ran.txt')).toBe('sandboxed\n');
    const result = await eventually(
      () => fake.requests.map((r) => toolResultIn(r, 'toolu_e2e_cmd')).find(Boolean),
      Boolean,
      'the run_command result sent to the model',
    );
    expect(result?.text).toMatch(/exit code 0[\s\S]*\+ ran\.txt[\s\S]*printed-by-command/u);
  });

  it('Reject - nothing runs and the model reads the reason', async () => {
    fake.enqueue(
      reply([
        toolUse(
          'run_command',
          { command: 'touch rejected.txt', description: 'Should not run.' },
          'toolu_e2e_cmd2',
        ),
      ]),
      reply('Understood.'),
    );
    await openApp(page, serve.url);
    await sendMessage(page, 'Run another thing');
    await page.getByTestId('command-modal').waitFor();
    // Behind the card, the step says it waits for the person, not that it runs.
    await expect
      .poll(() => page.getByTestId('step').last().getAttribute('data-status'))
      .toBe('waiting');
    await expectNoBlockingViolations(page, 'command-card');
    await page.getByTestId('command-reject').click();
    await page.getByRole('textbox', { name: /Why reject/ }).fill('not today');
    await expectNoBlockingViolations(page, 'command-reject');
    await page.getByTestId('review-reject-submit').click();
    await waitForTurnEnd(page);
    expect(existsSync(path.join(serve.projectDir, 'rejected.txt'))).toBe(false);
    const result = await eventually(
      () => fake.requests.map((r) => toolResultIn(r, 'toolu_e2e_cmd2')).find(Boolean),
      Boolean,
      'the rejected run_command result sent to the model',
    );
    expect(result?.text).toContain('not today');
  });
});
