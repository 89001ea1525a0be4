import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { reply, toolUse } from '../../../support/fake-anthropic-server';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';
import { git } from '../../../support/git-fixture';

let h: AppServicesHarness;

beforeEach(async () => {
  h = await startAppServicesHarness({
    prefix: 'sluice-turn-commit-services-',
    files: { 'a.ts': 'export const a = 1;\n' },
  });
  git(h.project, ['init', '-q', '-b', 'main']);
  git(h.project, ['config', 'user.name', 'Ada Person']);
  git(h.project, ['config', 'user.email', 'ada@example.com']);
  git(h.project, ['add', '-A']);
  git(h.project, ['commit', '-qm', 'initial']);
});
afterEach(async () => {
  await h.close();
});

const agentEvents = () =>
  h.events.filter((e) => e.event === 'agent').map((e) => e.payload as AgentEvent);

/** One turn that edits a.ts, approved in the review modal; resolves with the turn's events. */
async function approvedTurn(): Promise<AgentEvent[]> {
  h.server.enqueue(
    reply([toolUse('edit_file', { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] })]),
    reply('Raised.'),
  );
  const { turnId } = await h.call<{ turnId: string }>('agent.send', {
    text: 'raise a',
    mentions: [],
  });
  let request: { approvalId: string; proposalHash: string } | undefined;
  await waitFor(() => {
    const found = agentEvents().find((e) => e.type === 'approval_request');
    request = (found as { request?: typeof request } | undefined)?.request;
    return request !== undefined;
  }, 'the review to ask');
  await h.call('approvals.decide', {
    approvalId: request?.approvalId,
    proposalHash: request?.proposalHash,
    decision: { type: 'approve' },
  });
  await waitFor(
    () => agentEvents().some((e) => e.type === 'turn_end' && e.turnId === turnId),
    'the turn to end',
  );
  return agentEvents().filter((e) => e.turnId === turnId);
}

describe('commit each approved turn in the app', () => {
  it('the setting - off by default, set and read per project over the contract', async () => {
    expect(await h.call('git.commitEachTurn', {})).toEqual({ on: false });
    expect(await h.call('git.commitEachTurn', { on: true })).toEqual({ on: true });
    expect(await h.call('git.commitEachTurn', {})).toEqual({ on: true });
    expect(await h.call('git.commitEachTurn', { on: false })).toEqual({ on: false });
  });

  it('on - the turn ends as one commit with its trailers, shown as a step before the turn ends', async () => {
    await h.call('git.commitEachTurn', { on: true });
    const events = await approvedTurn();
    const types = events.map((e) => `${e.type}${'name' in e ? `:${e.name}` : ''}`);
    expect(types.slice(-3)).toEqual(['tool_start:git_commit', 'tool_end:git_commit', 'turn_end']);
    const start = events.find((e) => e.type === 'tool_start' && e.name === 'git_commit');
    expect(start).toMatchObject({
      label: expect.stringMatching(/^Committed this turn \(1 file\) as [0-9a-f]{12}$/u),
    });
    const log = git(h.project, ['log', '-1', '--format=%s%n%(trailers:key=Sluice-Turn,valueonly)']);
    expect(log).toBe(`Sluice: raise a\n${events[0]?.turnId}\n\n`);
    expect(git(h.project, ['status', '--porcelain'])).toBe('');
  }, 30_000);

  it('undo of a committed turn - the commit at HEAD is git-reverted and the checkpoints marked undone', async () => {
    await h.call('git.commitEachTurn', { on: true });
    const events = await approvedTurn();
    const turnId = events[0]?.turnId ?? '';
    const result = await h.call<{ undone: string[]; git?: { message: string } }>(
      'checkpoints.undoTurn',
      { turnId },
    );
    expect(result.undone).toHaveLength(1);
    expect(result.git?.message).toMatch(
      /^Reverted this turn's commit [0-9a-f]{12} with git revert/u,
    );
    expect(git(h.project, ['log', '-1', '--format=%s']).trim()).toBe('Revert "Sluice: raise a"');
    expect(git(h.project, ['show', 'HEAD:a.ts'])).toBe('export const a = 1;\n');
    expect(git(h.project, ['status', '--porcelain'])).toBe('');
  }, 30_000);

  it('a failing pre-commit hook - the step is an error carrying the hook’s output; the file stays written', async () => {
    const hook = path.join(h.project, '.git', 'hooks', 'pre-commit');
    await writeFile(hook, '#!/bin/sh\necho "lint says no" >&2\nexit 1\n');
    await chmod(hook, 0o755);
    await h.call('git.commitEachTurn', { on: true });
    const events = await approvedTurn();
    const end = events.find((e) => e.type === 'tool_end' && e.name === 'git_commit');
    expect(end).toMatchObject({ status: 'error', result: expect.stringContaining('lint says no') });
    expect(git(h.project, ['log', '-1', '--format=%s']).trim()).toBe('initial');
    expect(git(h.project, ['status', '--porcelain']).trim()).toBe('M  a.ts'); // staged by the commit's add, not committed
  }, 30_000);

  it('off - no commit and no step', async () => {
    const events = await approvedTurn();
    expect(events.some((e) => e.type === 'tool_start' && e.name === 'git_commit')).toBe(false);
    expect(git(h.project, ['log', '-1', '--format=%s']).trim()).toBe('initial');
  }, 30_000);
});
