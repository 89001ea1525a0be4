// Evidence before approval in Chromium (issue 24): the review modal shows "Checking…" with
// Approve usable at once, then the changed files' errors while the importers are still being
// checked (issue 30), moves to the errors found when a late `approval_evidence` event
// comes, opens an error's line in a dependent file, and marks the hunk the error falls in; the
// inbox shows a change set's evidence the same way. The built `sluice serve`, its store and
// the fake Anthropic server are real; the evidence itself is the test's (see
// support/evidence-injection.ts), so these screens are checked whatever checker the server has.
// axe runs in both themes, and screenshots land in test-artifacts/e2e/.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { sluiceContract } from '../../src/shared/contract';
import type { Diagnostic, ProposalEvidence } from '../../src/shared/diagnostics';
import { expectNoBlockingViolations } from './support/axe';
import { chromiumMissingMessage, snap } from './support/chromium';
import {
  closeE2eSession,
  endScriptedTest,
  scriptedReplies,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';
import {
  openApp,
  sendMessage,
  waitForReview,
  waitForReviewClosed,
  waitForTurnEnd,
} from './support/e2e-page';
import { injectEvidence, type EvidenceInjection } from './support/evidence-injection';
import { fixtureText, REPO_ROOT, type ServeProcess } from './support/serve-harness';

const FORMAT = 'src/format.ts';
const CONFIG = 'src/config.ts';
const UI_TIMEOUT_MS = 20_000;

let session: E2eSession | undefined;
let fake: FakeAnthropicServer;
let serve: ServeProcess;
let page: Page;
let injection: EvidenceInjection;
const scripted = scriptedReplies();
const { script } = scripted;

function error(overrides: Partial<Diagnostic> & Pick<Diagnostic, 'path' | 'line'>): Diagnostic {
  return {
    column: 10,
    code: 'TS2345',
    message: "Argument of type 'string' is not assignable to parameter of type 'number'.",
    lineText: '',
    source: 'typescript',
    ...overrides,
  };
}

function found(overrides: Partial<ProposalEvidence>): ProposalEvidence {
  return {
    state: 'checked',
    ms: 420,
    introduced: [],
    fixed: [],
    languages: [{ language: 'typescript', state: 'checked', filesChecked: 3, ms: 420 }],
    checkedAt: new Date().toISOString(),
    baseHashes: {},
    ...overrides,
  };
}

/** Runs the built CLI as a second process against the same SLUICE_HOME as the server. */
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

describe.skipIf(Boolean(chromiumMissingMessage()))('evidence in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'evidence' });
    ({ fake, serve, page } = session);
    injection = await injectEvidence(page);
  });

  afterAll(() => closeE2eSession(session));

  afterEach(async () => {
    injection.approval = null;
    injection.changeSet = null;
    injection.memory = null;
    await endScriptedTest(session!, scripted);
  });

  it('review modal - checking, then the late result: errors listed, a dependent line opened, the hunk marked', async () => {
    await serve.resetProject();
    await openApp(page, serve.url);
    injection.approval = found({ state: 'checking', ms: 0, languages: [] });
    script.push(
      reply([
        toolUse(
          'edit_file',
          {
            path: FORMAT,
            edits: [{ old_text: '.toFixed(2)', new_text: '.toFixed(3)' }],
          },
          'toolu_e2e_evidence',
        ),
      ]),
      reply('Prices now show three decimals.'),
    );
    await sendMessage(page, 'Show prices with three decimals.');
    await waitForReview(page);

    const panel = page.getByTestId('evidence-panel');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('checking');
    expect(await page.getByTestId('evidence-heading').textContent()).toContain(
      'Checking for errors…',
    );
    expect(await page.getByTestId('review-approve').isEnabled()).toBe(true);
    await snap(page, 'evidence-modal-checking');

    const [seen] = injection.approvals;
    expect(seen).toBeDefined();
    // The changed file's errors first (issue 30), while its importers are still being checked.
    injection.sendAgentEvent({
      type: 'approval_evidence',
      ...seen,
      evidence: found({
        state: 'checking',
        ms: 240,
        introduced: [
          error({
            path: FORMAT,
            line: 3,
            code: 'TS2322',
            message: "Type 'number' is not assignable to type 'string'.",
          }),
        ],
        languages: [
          {
            language: 'typescript',
            state: 'checking',
            filesChecked: 1,
            ms: 240,
            reason:
              'the changed files are checked; the files that import them are still being checked',
          },
        ],
      }),
    });
    await expect
      .poll(() => page.getByTestId('evidence-heading').textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain('This change introduces 1 error in the changed files so far');
    expect(await page.getByTestId('evidence-state').textContent()).toBe(
      'Changed files checked in 240 ms; still checking the files that import them. You can approve or reject without waiting for it.',
    );
    expect(await page.getByTestId('review-approve').isEnabled()).toBe(true);
    await snap(page, 'evidence-modal-changed-files');
    await expectNoBlockingViolations(page, 'evidence-modal-changed-files');

    injection.sendAgentEvent({
      type: 'approval_evidence',
      ...seen,
      evidence: found({
        ms: 1840,
        introduced: [
          error({
            path: FORMAT,
            line: 3,
            code: 'TS2322',
            message: "Type 'number' is not assignable to type 'string'.",
          }),
          error({ path: 'src/invoice.ts', line: 4 }),
        ],
        fixed: [error({ path: 'src/cart.ts', line: 4, message: "Cannot find name 'itemz'." })],
      }),
    });
    await expect
      .poll(() => page.getByTestId('evidence-heading').textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain('This change introduces 2 errors · fixes 1');
    expect(await page.getByTestId('evidence-state').textContent()).toBe('Checked in 1.8 s');
    expect(await page.getByTestId('hunk-errors').textContent()).toContain(
      "Line 3: Type 'number' is not assignable to type 'string'.",
    );

    await page.getByRole('button', { name: 'src/invoice.ts:4' }).click();
    const preview = page.getByTestId('line-preview');
    await preview.getByText('formatPrice(cents)').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await preview.textContent()).toContain('on disk');
    await snap(page, 'evidence-modal-checked');
    await expectNoBlockingViolations(page, 'evidence-modal');

    await page.getByTestId('evidence-fixed').locator('summary').click();
    expect(await page.getByTestId('evidence-list-fixed').textContent()).toContain(
      "src/cart.ts:4 Cannot find name 'itemz'.",
    );

    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);
    expect(await serve.read(FORMAT)).toBe(
      (await fixtureText(FORMAT)).replace('.toFixed(2)', '.toFixed(3)'),
    );
  });

  it('inbox - a change set shows its evidence above the diff and in its hunk', async () => {
    await serve.resetProject();
    await openApp(page, serve.url);
    injection.changeSet = found({
      ms: 2600,
      introduced: [
        error({
          path: CONFIG,
          line: 2,
          code: 'TS2451',
          message: "Cannot redeclare block-scoped variable 'greeting'.",
        }),
      ],
    });
    await page.getByRole('tab', { name: /Inbox/u }).click();
    await page.getByTestId('inbox').waitFor({ timeout: UI_TIMEOUT_MS });

    script.push(
      reply([
        toolUse('edit_file', {
          path: CONFIG,
          edits: [{ old_text: "greeting = 'hello'", new_text: "greeting = 'hi there'" }],
        }),
      ]),
      reply('Friendlier greeting.'),
    );
    const cli = await runCli([
      'ask',
      'Make the greeting friendlier',
      '--mode',
      'propose',
      '--project',
      serve.projectDir,
    ]);
    expect(cli.code, cli.stderr).toBe(0);

    const item = page.getByTestId('inbox-item').filter({ hasText: 'Make the greeting friendlier' });
    await item.waitFor({ timeout: UI_TIMEOUT_MS });
    await item.click();
    await page.getByText('Friendlier greeting.').waitFor({ timeout: UI_TIMEOUT_MS });

    const hasRecheck = 'recheck' in sluiceContract.services.proposals;
    if (hasRecheck) {
      // The contract has proposals.recheck: the inbox asks on open and says so until answered.
      await page.getByTestId('evidence-notice').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('evidence-notice').textContent()).toMatch(/^Re-checking/u);
      expect(await page.getByTestId('accept-all').isEnabled()).toBe(true);
      await snap(page, 'evidence-inbox-rechecking');
      injection.releaseRechecks();
      await page.getByTestId('evidence-notice').waitFor({ state: 'detached' });
    } else {
      expect(injection.rechecks).toEqual([]);
    }

    await expect
      .poll(() => page.getByTestId('evidence-heading').textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain('This change introduces 1 error');
    expect(await page.getByTestId('evidence-state').textContent()).toBe('Checked in 2.6 s');
    expect(await page.getByTestId('inbox-file').getByTestId('hunk-errors').textContent()).toContain(
      "Line 2: Cannot redeclare block-scoped variable 'greeting'.",
    );
    await page.getByRole('button', { name: `${CONFIG}:2` }).click();
    await page
      .getByTestId('line-preview')
      .getByText("'hi there'")
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await snap(page, 'evidence-inbox');
    await expectNoBlockingViolations(page, 'evidence-inbox');
  });

  it('settings - the error checks group saves a language switch and the deadline', async () => {
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const group = page.getByRole('group', { name: 'Check changes for errors' });
    await group.waitFor({ timeout: UI_TIMEOUT_MS });
    // The switch shows what main saved, so it turns off when the answer comes.
    await group.getByRole('checkbox', { name: 'Go' }).click();
    await page.getByText('Error checks saved.').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await group.getByRole('checkbox', { name: 'Go' }).isChecked()).toBe(false);
    await group.getByRole('spinbutton', { name: /Deadline/u }).fill('5');
    await group.getByRole('button', { name: 'Save deadline' }).click();
    await expect
      .poll(() => group.getByRole('button', { name: 'Save deadline' }).isDisabled())
      .toBe(true);
    await group.scrollIntoViewIfNeeded();
    await snap(page, 'evidence-settings');
    await expectNoBlockingViolations(page, 'evidence-settings');

    // Saved in the server's store: a fresh page reads them back.
    await openApp(page, serve.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await group.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await group.getByRole('checkbox', { name: 'Go' }).isChecked()).toBe(false);
    expect(await group.getByRole('checkbox', { name: 'Python' }).isChecked()).toBe(true);
    expect(await group.getByRole('spinbutton', { name: /Deadline/u }).inputValue()).toBe('5');
  });

  it('top bar - the running checkers and their memory beside the index counts', async () => {
    const MB = 1024 * 1024;
    injection.memory = {
      services: [
        { language: 'typescript', rssBytes: 182 * MB },
        { language: 'python', rssBytes: 95 * MB },
      ],
    };
    await openApp(page, serve.url);
    const line = page.getByTestId('checker-memory');
    await line.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await line.textContent()).toBe(
      'Type checkers: TypeScript, 182 MB memory · Python, 95 MB memory',
    );
    await snap(page, 'evidence-checker-memory');
    await expectNoBlockingViolations(page, 'evidence-checker-memory', ['.top-bar']);
  });
});
