// Tests before approval in Chromium (issue 31): the review modal shows "Tests: still running"
// with Approve usable at once, then the late verdict (newly failing tests with their output);
// the inbox shows a change set's verdict in the same panel. The built `sluice serve`, its store
// and the fake Anthropic server are real; the verdict is the test's, put on the socket by
// support/evidence-injection.ts (so the screens are checked whatever runner the machine has).
// axe runs on both screens; screenshots land in test-artifacts/e2e/.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reply, toolUse, type FakeAnthropicServer } from '../support/fake-anthropic-server';
import { sluiceContract } from '../../src/shared/contract';
import type { ProposalEvidence } from '../../src/shared/diagnostics';
import type { TestVerdict } from '../../src/shared/test-verdict';
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
import { REPO_ROOT, type ServeProcess } from './support/serve-harness';

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

function verdict(overrides: Partial<TestVerdict> = {}): TestVerdict {
  return {
    state: 'failed',
    selection: {
      runner: 'vitest',
      command: 'node_modules/.bin/vitest related src/format.ts --run --passWithNoTests',
      label: 'vitest related',
      targets: ['tests/format.test.ts', 'tests/invoice.test.ts'],
      whole: false,
      reason: '2 test files import src/format.ts, directly or through other files',
    },
    newlyFailing: [
      {
        name: 'formatPrice shows two decimals',
        file: 'tests/format.test.ts',
        output: "AssertionError: expected '1.234' to be '1.23'\n    at tests/format.test.ts:5:30",
      },
      {
        name: 'invoice total',
        file: 'tests/invoice.test.ts',
        output: "AssertionError: expected 'Total: 2.500' to be 'Total: 2.50'",
      },
    ],
    flaky: [],
    alreadyFailing: [
      { name: 'old rounding', file: 'tests/invoice.test.ts', output: 'expected 1 to be 2' },
    ],
    passed: 14,
    ms: 6200,
    checkedAt: new Date().toISOString(),
    ...overrides,
  };
}

function found(tests: TestVerdict): ProposalEvidence {
  return {
    state: 'checked',
    ms: 420,
    introduced: [],
    fixed: [],
    languages: [{ language: 'typescript', state: 'checked', filesChecked: 3, ms: 420 }],
    checkedAt: new Date().toISOString(),
    baseHashes: {},
    tests,
  };
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

describe.skipIf(Boolean(chromiumMissingMessage()))('tests before approval in Chromium', () => {
  beforeAll(async () => {
    session = await startE2eSession({ scripted, label: 'tests-verdict' });
    ({ fake, serve, page } = session);
    injection = await injectEvidence(page);
  });

  afterAll(() => closeE2eSession(session));

  afterEach(async () => {
    injection.approval = null;
    injection.changeSet = null;
    await endScriptedTest(session!, scripted);
  });

  it('review modal - still running, Approve usable; then the late verdict with each failure and its output', async () => {
    await serve.resetProject();
    await openApp(page, serve.url);
    injection.approval = found(
      verdict({ state: 'timed_out', newlyFailing: [], alreadyFailing: [], passed: 0, ms: 60_000 }),
    );
    script.push(
      reply([
        toolUse('edit_file', {
          path: FORMAT,
          edits: [{ old_text: '.toFixed(2)', new_text: '.toFixed(3)' }],
        }),
      ]),
      reply('Prices now show three decimals.'),
    );
    await sendMessage(page, 'Show prices with three decimals.');
    await waitForReview(page);
    const line = page.getByTestId('test-verdict-line');
    await expect
      .poll(() => line.textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain(
        'Tests: still running after 60 s (vitest related) — approve or reject without them',
      );
    expect(await page.getByTestId('review-approve').isEnabled()).toBe(true);

    const [seen] = injection.approvals;
    expect(seen).toBeDefined();
    injection.sendAgentEvent({ type: 'approval_evidence', ...seen, evidence: found(verdict()) });
    await expect
      .poll(() => line.textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain('Tests: 2 newly failing · 14 pass · 1 already failing (vitest related, 6.2 s)');
    const failing = page.getByRole('list', { name: 'Tests this change breaks' });
    expect(await failing.getByRole('listitem').count()).toBe(2);
    await failing.locator('summary').first().click();
    expect(await failing.textContent()).toContain("AssertionError: expected '1.234' to be '1.23'");
    await snap(page, 'tests-verdict-modal');
    await expectNoBlockingViolations(page, 'tests-verdict-modal');

    await page.getByTestId('review-approve').click();
    await waitForReviewClosed(page);
    await waitForTurnEnd(page);
  });

  it('inbox - a change set shows the verdict of its final state', async () => {
    await serve.resetProject();
    await openApp(page, serve.url);
    injection.changeSet = found(verdict({ newlyFailing: verdict().newlyFailing.slice(0, 1) }));
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
    if ('recheck' in sluiceContract.services.proposals) {
      await page.getByTestId('evidence-notice').waitFor({ timeout: UI_TIMEOUT_MS });
      injection.releaseRechecks();
      await page.getByTestId('evidence-notice').waitFor({ state: 'detached' });
    }
    await expect
      .poll(() => page.getByTestId('test-verdict-line').textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain('Tests: 1 newly failing · 14 pass · 1 already failing (vitest related, 6.2 s)');
    expect(await page.getByTestId('test-selection').textContent()).toContain(
      '2 test files import src/format.ts',
    );
    await snap(page, 'tests-verdict-inbox');
    await expectNoBlockingViolations(page, 'tests-verdict-inbox');
  });
});
