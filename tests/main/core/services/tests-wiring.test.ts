// Tests before approval wired through the app's services (issue 31), with real pytest runs in
// private copies and the fake Messages server: a live turn's hold-back and approval request,
// and a propose run whose change set stores the verdict for its final state.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ChangeSetSummary, Settings } from '../../../../src/shared/contract';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { shellCreateTests } from '../../../../src/main/core/test-runs/shell-tests';
import { reply, toolUse } from '../../../support/fake-anthropic-server';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';
import { createFakeDiagnostics } from '../../../support/fake-diagnostics';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const FILES = {
  'shop/__init__.py': '',
  'shop/cart.py': 'def total(items):\n    return sum(p * q for p, q in items)\n',
  'tests/test_cart.py':
    'from shop.cart import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n',
};
const breakIt = () =>
  toolUse('edit_file', { path: 'shop/cart.py', edits: [{ old_text: 'p * q', new_text: 'p + q' }] });

let harness: AppServicesHarness | undefined;
afterEach(() => harness?.close());

const agentEvents = (h: AppServicesHarness): AgentEvent[] =>
  h.events.filter((e) => e.event === 'agent').map((e) => e.payload as AgentEvent);

describe.skipIf(!canRun)('tests before approval in the app', () => {
  it('live turn - the model reads the failing test first; asked the second time with the verdict on the request', async () => {
    const h = await startAppServicesHarness({
      prefix: 'sluice-tests-wiring-',
      files: FILES,
      createDiagnostics: () => createFakeDiagnostics(),
      createTests: shellCreateTests,
    });
    harness = h;
    h.server.enqueue(reply([breakIt()]), reply([breakIt()]), reply('done'));
    await h.call('agent.send', { text: 'change the total' });
    await waitFor(
      () => agentEvents(h).some((e) => e.type === 'approval_request'),
      'the request',
      60_000,
    );
    const secondRequest = JSON.stringify(h.server.requests[1]?.body.messages);
    expect(secondRequest).toContain(
      'With this change to shop/cart.py, 1 test that passes today fails (pytest: 1 test file imports shop/cart.py',
    );
    expect(secondRequest).toContain('tests/test_cart.py::test_total');
    const request = agentEvents(h).find((e) => e.type === 'approval_request');
    if (request?.type !== 'approval_request') throw new Error('no approval_request');
    expect(request.request.evidence?.tests).toMatchObject({
      state: 'failed',
      newlyFailing: [{ name: 'tests/test_cart.py::test_total', file: 'tests/test_cart.py' }],
    });
    await h.call('approvals.decide', {
      approvalId: request.request.approvalId,
      proposalHash: request.request.proposalHash,
      decision: { type: 'reject', feedback: 'keep multiplying' },
    });
    await waitFor(() => agentEvents(h).some((e) => e.type === 'turn_end'), 'the turn', 60_000);
    expect(readFileSync(path.join(h.project, 'shop/cart.py'), 'utf8')).toContain('p * q');
  }, 120_000);

  it('propose run - the change set stores the test verdict of its final state', async () => {
    const h = await startAppServicesHarness({
      prefix: 'sluice-tests-wiring-',
      files: FILES,
      createTests: shellCreateTests,
    });
    harness = h;
    h.server.enqueue(reply([breakIt()]), reply('done'));
    const started = await h.call<{ changeSetId: string }>('proposals.runInBackground', {
      text: 'bump',
    });
    const summary = async () =>
      (await h.call<ChangeSetSummary[]>('proposals.list', {})).find(
        (s) => s.id === started.changeSetId,
      );
    await waitFor(async () => (await summary())?.status === 'proposed', 'the run', 60_000);
    const stored = (await summary())?.evidence;
    expect(stored?.state).toBe('not_checked');
    expect(stored?.tests).toMatchObject({
      state: 'failed',
      selection: { label: 'pytest', targets: ['tests/test_cart.py'] },
      newlyFailing: [{ name: 'tests/test_cart.py::test_total' }],
    });
    expect(readFileSync(path.join(h.project, 'shop/cart.py'), 'utf8')).toContain('p * q');
  }, 120_000);
});

describe('tests before approval in Settings', () => {
  it('settings - get shows the open project’s test settings; set saves them for that project', async () => {
    const h = await startAppServicesHarness({ prefix: 'sluice-tests-settings-', files: FILES });
    harness = h;
    const before = await h.call<Settings>('settings.get', {});
    expect(before.tests).toEqual({ enabled: true, command: '', liveDeadlineMs: 60_000 });
    const after = await h.call<Settings>('settings.set', {
      tests: { enabled: false, command: 'python3 -m pytest' },
    });
    expect(after.tests).toEqual({
      enabled: false,
      command: 'python3 -m pytest',
      liveDeadlineMs: 60_000,
    });
    await expect(h.call('settings.set', { tests: { liveDeadlineMs: 5 } })).rejects.toThrow();
  });
});
