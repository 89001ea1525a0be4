// Slash commands end to end, in Debian's Chromium on the built `sluice serve`: "/" in the
// message box lists the built-ins and the project's `.sluice/commands`, axe-clean in both
// themes; /help answers in the chat area; a project command sends its prompt to the model; an
// unknown /word is refused without a request.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply } from '../support/fake-anthropic-server';
import { BUILT_IN_SLASH_COMMANDS } from '../../src/shared/slash-commands';
import { expectNoBlockingViolations } from './support/axe';
import { chromiumMissingMessage } from './support/chromium';
import { openApp, waitForTurnEnd } from './support/e2e-page';
import {
  closeE2eSession,
  endScriptedTest,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';

let session: E2eSession | undefined;
let page: Page;
const scripted = scriptedReplies();

describe.skipIf(Boolean(chromiumMissingMessage()))('slash commands in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'slash' });
    page = session.page;
    const commands = path.join(session.serve.projectDir, '.sluice', 'commands');
    await mkdir(commands, { recursive: true });
    await writeFile(
      path.join(commands, 'review.md'),
      '---\ndescription: Review a file for risks\n---\nReview $ARGUMENTS and list the risks.\n',
    );
  });

  afterAll(() => closeE2eSession(session));

  beforeEach(async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, session!.serve.url);
  });

  afterEach(() => endScriptedTest(session!, scripted));

  it('"/" - lists every command with its line and the project command, axe clean', async () => {
    const input = page.getByTestId('chat-input');
    await input.fill('/');
    const list = page.getByRole('listbox', { name: 'Commands' });
    await list.getByRole('option', { name: /\/review/ }).waitFor();
    const options = list.getByRole('option');
    expect(await options.count()).toBe(BUILT_IN_SLASH_COMMANDS.length + 1);
    expect(await options.first().textContent()).toBe('/helpList the commands');
    expect(await options.last().textContent()).toBe('/reviewReview a file for risks · project');
    expect(await input.getAttribute('aria-activedescendant')).toBe(
      await options.first().getAttribute('id'),
    );
    await expectNoBlockingViolations(page, 'slash-list');

    await input.press('ArrowDown');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('/clear ');
    expect(await list.count()).toBe(0);
  });

  it('/help - the commands in the chat area, axe clean; nothing asked of the model', async () => {
    const input = page.getByTestId('chat-input');
    await input.fill('/help');
    await input.press('Enter');
    const notice = page.getByTestId('slash-notice');
    await notice.getByText('/review').waitFor();
    expect(await notice.textContent()).toContain('/mode ask|auto-edit|read-only|plan');
    expect(await input.inputValue()).toBe('');
    await expectNoBlockingViolations(page, 'slash-help');
  });

  it('project command - its prompt, $ARGUMENTS filled in, goes to the model', async () => {
    scripted.script.push(reply('No risks found.'));
    const input = page.getByTestId('chat-input');
    await input.fill('/review src/format.ts');
    await input.press('Escape');
    await input.press('Enter');
    await page
      .getByTestId('user-message')
      .filter({ hasText: 'Review src/format.ts and list the risks.' })
      .waitFor();
    await waitForTurnEnd(page);
    const last = session!.fake.requests.at(-1);
    expect(JSON.stringify(last?.body)).toContain('Review src/format.ts and list the risks.');
  });

  it('unknown /word - refused in words, the text kept, no request', async () => {
    const input = page.getByTestId('chat-input');
    await input.fill('/nope');
    await input.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Unknown command /nope' }).waitFor();
    expect(await input.inputValue()).toBe('/nope');
    await expectNoBlockingViolations(page, 'slash-unknown');
  });
});
