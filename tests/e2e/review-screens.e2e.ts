// The review screens of issue 23 in Chromium, on the built `sluice serve` (items 7-11, 13):
// a reply that is still streaming survives leaving and coming back to its conversation; the
// file tree shows a file a command made; a rejected command's step says it did not run; MCP
// settings say a refused name beside its field; the inbox warns before Accept all which
// files changed on disk, and after a partial accept and an undo each hunk and the set say
// what happened; the symbol browser keeps line numbers beside their lines and underscores
// visible under link underlines. Screenshots under test-artifacts/e2e, axe in both themes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { reply, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { expectNoBlockingViolations } from './support/axe';
import { chromiumMissingMessage, snap } from './support/chromium';
import { openApp, sendMessage, waitForTurnEnd } from './support/e2e-page';
import { closeE2eSession, startE2eSession, type E2eSession } from './support/e2e-session';
import { REPO_ROOT, type ServeProcess } from './support/serve-harness';

const UI_TIMEOUT_MS = 20_000;
const skip = Boolean(chromiumMissingMessage()) || !detectBubblewrap().available;

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;

/** axe in the light and the dark theme, a screenshot of each (the helper does both). */
function axeBothThemes(name: string): Promise<void> {
  return expectNoBlockingViolations(page, name);
}

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'sluice.js'), ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        SLUICE_HOME: serve.home,
        ANTHROPIC_API_KEY: 'sk-ant-e2e-fake-key',
        ANTHROPIC_BASE_URL: fake.baseURL,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe.skipIf(skip)('review screens in Chromium (issue 23)', () => {
  beforeAll(async () => {
    session = await startE2eSession();
    ({ fake, serve, page } = session);
  });
  afterAll(() => closeE2eSession(session));

  it('live view - leaving a conversation mid-reply and coming back keeps the streamed text', async () => {
    const long =
      'This answer streams slowly, word by word, so that the person can leave and come back before it ends.';
    fake.enqueue(reply('The other conversation.'));
    await openApp(page, serve.url);
    await sendMessage(page, 'Other question');
    await waitForTurnEnd(page);
    await page.getByRole('button', { name: 'New chat' }).click();
    fake.enqueue(reply(long, { chunkSize: 4, delayMs: 60 }));
    await sendMessage(page, 'Slow question');
    const answer = page.getByTestId('assistant-message').last();
    await expect.poll(() => answer.textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/streams/u);
    await page.locator('button.conversation-title').filter({ hasText: 'Other question' }).click();
    await page.getByText('The other conversation.').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator('button.conversation-title').filter({ hasText: 'Slow question' }).click();
    await waitForTurnEnd(page);
    expect((await page.getByTestId('assistant-message').last().textContent())?.trim()).toBe(long);
    await snap(page, 'issue23-live-view-back');
  });

  it('commands - the tree shows a file a command made; a rejected command did not run', async () => {
    fake.enqueue(
      reply([
        toolUse('run_command', {
          command: 'echo made > made-by-command.txt',
          description: 'Make a file.',
        }),
      ]),
      reply([
        toolUse('run_command', { command: 'echo second > second.txt', description: 'Another.' }),
      ]),
      reply('Done.'),
    );
    await openApp(page, serve.url);
    const tree = page.getByRole('navigation', { name: 'Files' });
    await tree.getByRole('button', { name: /package\.json/u }).waitFor({ timeout: UI_TIMEOUT_MS });
    await sendMessage(page, 'Make files');
    await page.getByTestId('command-run-once').click();
    await tree
      .getByRole('button', { name: /made-by-command\.txt/u })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByTestId('command-reject').click();
    await page.getByTestId('review-reject-submit').click();
    await waitForTurnEnd(page);
    const notDone = page.getByRole('list', { name: 'Not written or not run' });
    expect(await notDone.textContent()).toMatch(/the command did not run/u);
    expect(await notDone.textContent()).not.toMatch(/nothing was written/u);
    await snap(page, 'issue23-command-tree-rejected');
    await axeBothThemes('issue23-commands');
  });

  it('MCP settings - a refused name is said beside its field; checkboxes sit beside their labels', async () => {
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const name = page.getByLabel('New server name');
    await name.fill('my server');
    await page.getByLabel('Command and arguments, or an http(s) URL').fill('node -e 0');
    await page.getByRole('button', { name: 'Add server' }).click();
    const said = page.locator('#mcp-name-error');
    await said.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await said.textContent()).toBe(
      'A server name may use only letters, digits, - and _; remove the spaces.',
    );
    // Measured once the layout settles (the words may land before the rows around them).
    const gap = async (): Promise<number> => {
      const fieldBox = await name.boundingBox();
      const saidBox = await said.boundingBox();
      return saidBox!.y - (fieldBox!.y + fieldBox!.height);
    };
    await expect.poll(gap, { timeout: UI_TIMEOUT_MS }).toBeLessThan(24);
    await snap(page, 'issue23-mcp-name-refused');
    await name.fill('probe');
    await page.getByRole('button', { name: 'Add server' }).click();
    const server = page.getByTestId('mcp-server-probe');
    await server.waitFor({ timeout: UI_TIMEOUT_MS });
    // A checkbox is on the line of its label, not above it; Remove is its own size.
    const check = server.getByRole('checkbox', { name: /Deny every tool/u });
    const label = server.getByText('Deny every tool of this server');
    const checkBox = await check.boundingBox();
    const labelBox = await label.boundingBox();
    expect(
      Math.abs(checkBox!.y + checkBox!.height / 2 - (labelBox!.y + labelBox!.height / 2)),
    ).toBeLessThan(6);
    expect(checkBox!.x).toBeLessThan(labelBox!.x);
    const remove = await server.getByRole('button', { name: 'Remove probe' }).boundingBox();
    const entry = await server.boundingBox();
    expect(remove!.width).toBeLessThan(entry!.width / 2);
    // The hosts field shows its whole placeholder.
    const hosts = page.getByLabel('Hosts', { exact: true });
    const fits = await hosts.evaluate((el) => {
      const input = el as unknown as { scrollWidth: number; clientWidth: number; value: string };
      return input.scrollWidth <= input.clientWidth;
    });
    expect(fits).toBe(true);
    const prefixFits = await page
      .getByLabel('Only for commands starting with (optional)')
      .evaluate((el) => {
        const input = el as unknown as { scrollWidth: number; clientWidth: number };
        return input.scrollWidth <= input.clientWidth;
      });
    expect(prefixFits).toBe(true);
    const hostsBox = await hosts.boundingBox();
    expect(hostsBox!.width).toBeGreaterThan(240);
    await server.scrollIntoViewIfNeeded();
    await snap(page, 'issue23-mcp-server-added');
    await axeBothThemes('issue23-settings');
  });

  it('inbox - warns before Accept all; after a partial accept and an undo it says what happened', async () => {
    const file = 'src/config.ts';
    const original = await serve.read(file);
    fake.enqueue(
      reply([
        toolUse('edit_file', {
          path: file,
          edits: [
            { old_text: "greeting = 'hello'", new_text: "greeting = 'hi there'" },
            { old_text: "farewell = 'goodbye'", new_text: "farewell = 'see you'" },
          ],
        }),
      ]),
      reply('Friendlier.'),
    );
    const cli = await runCli([
      'ask',
      'Friendlier words',
      '--mode',
      'propose',
      '--project',
      serve.projectDir,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    await writeFile(path.join(serve.projectDir, file), `${original}// edited by hand\n`);
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: /Inbox/u }).click();
    await page.getByTestId('inbox-item').filter({ hasText: 'Friendlier words' }).click();
    const warning = page.getByTestId('changed-on-disk');
    await warning.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await warning.textContent()).toMatch(
      /accepting will not write it \(a conflict\): src\/config\.ts/u,
    );
    expect(await page.getByTestId('change-set-status').textContent()).toBe(
      'waiting for your review',
    );
    await snap(page, 'issue23-inbox-changed-on-disk');
    await axeBothThemes('issue23-inbox-warning');

    await writeFile(path.join(serve.projectDir, file), original);
    await page.getByRole('tab', { name: /Chat/u }).click();
    await page.getByRole('tab', { name: /Inbox/u }).click();
    await page.getByTestId('inbox-item').filter({ hasText: 'Friendlier words' }).click();
    await page.getByTestId('accept-all').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('changed-on-disk').count()).toBe(0);
    await page.getByLabel(/Include hunk 2/u).uncheck();
    await page.getByTestId('accept-selected').click();
    const result = page.getByTestId('apply-result');
    await result.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await result.textContent()).toMatch(
      /partly written \(hunk 1 of 2 written; the rest not\)/u,
    );
    expect(await result.textContent()).not.toMatch(/\bh1\b|partly-applied/u);
    await expect
      .poll(() => page.getByTestId('hunk-outcome').allTextContents(), { timeout: UI_TIMEOUT_MS })
      .toEqual(['written', 'not written']);
    expect(await page.getByTestId('change-set-status').textContent()).toBe('partly accepted');
    await snap(page, 'issue23-inbox-partly-accepted');
    // The Undo button stands apart from the words before it.
    const undo = page.getByRole('button', { name: `Undo ${file}` });
    const words = page.getByTestId('apply-result').locator('li span').first();
    const gap =
      (await undo.boundingBox())!.x -
      ((await words.boundingBox())!.x + (await words.boundingBox())!.width);
    expect(gap).toBeGreaterThanOrEqual(6);
    await undo.click();
    await page.getByTestId('change-set-undone').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('change-set-undone').textContent()).toBe(
      `Since undone, back as they were before this set: ${file}.`,
    );
    expect(await page.getByTestId('undo-applied').count()).toBe(0);
    expect(await serve.read(file)).toBe(original);
    await snap(page, 'issue23-inbox-undone');
    await axeBothThemes('issue23-inbox-undone');
  });

  it('symbols - an importer named __init__.py keeps its underscores; line numbers stay beside their lines', async () => {
    await mkdir(path.join(serve.projectDir, 'pkg'), { recursive: true });
    const body = Array.from({ length: 60 }, (_, i) => `    value_${i} = ${i}  # line ${i}`).join(
      '\n',
    );
    await writeFile(
      path.join(serve.projectDir, 'pkg', 'core.py'),
      `def compute_total(items):\n${body}\n    return items\n`,
    );
    await writeFile(
      path.join(serve.projectDir, 'pkg', '__init__.py'),
      'from .core import compute_total\n',
    );
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Symbols' }).click();
    await page.getByLabel('Search symbols').fill('compute_total');
    const row = page.locator('button.symbol-row').filter({ hasText: 'pkg/core.py' }).first();
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    await row.click();
    const preview = page.getByRole('region', { name: 'Definition preview' });
    const importer = preview.getByRole('button', { name: /pkg\/__init__\.py/u });
    await importer.waitFor({ timeout: UI_TIMEOUT_MS });
    const style = await importer.evaluate((el) => {
      const s = (
        globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }
      ).getComputedStyle(el);
      return {
        offset: parseFloat(s.textUnderlineOffset ?? ''),
        size: parseFloat(s.fontSize ?? ''),
      };
    });
    expect(style.offset).toBeGreaterThanOrEqual(0.25 * style.size);
    // The gutter and the code have the same height: no line drifts from its number.
    const [gutter, code] = await Promise.all([
      preview.locator('.code-gutter').boundingBox(),
      preview.locator('.code-text').boundingBox(),
    ]);
    expect(Math.abs(gutter!.height - code!.height)).toBeLessThan(1);
    await importer.scrollIntoViewIfNeeded();
    await snap(page, 'issue23-symbols-init-py');
    await preview
      .locator('.code-view')
      .evaluate((el) =>
        (el as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'end' }),
      );
    await snap(page, 'issue23-symbols-preview-bottom');
    await axeBothThemes('issue23-symbols');
    expect(await readFile(path.join(serve.projectDir, 'pkg', '__init__.py'), 'utf8')).toContain(
      'compute_total',
    );
  });
});
