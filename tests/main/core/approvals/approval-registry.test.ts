// The one registry of waiting decisions (issue 21): decide once, bound to the hash, aborts end
// waits, and the kinds differ only in their words.
import { describe, expect, it } from 'vitest';
import {
  ApprovalRegistry,
  requestEventFields,
  waitingTurn,
} from '../../../../src/main/core/approvals/approval-registry';

interface Res {
  outcome: string;
  reason?: string;
}

function waitOn(
  registry: ApprovalRegistry,
  kind: 'file' | 'command' | 'mcp',
  id: string,
  signal = new AbortController().signal,
) {
  const settled: Res[] = [];
  const announced: string[] = [];
  const done = registry.wait<{ id: string }, Res>({
    kind,
    approvalId: id,
    hash: `hash-${id}`,
    request: { id },
    signal,
    aborted: (reason) => ({ outcome: 'aborted', reason }),
    onSettled: (res) => settled.push(res),
    announce: () => announced.push(id),
  });
  return { done, settled, announced };
}

describe('ApprovalRegistry', () => {
  it('a decision - counts once, and a repeat is named as such', async () => {
    const registry = new ApprovalRegistry();
    const wait = waitOn(registry, 'file', 'a1');
    expect(wait.announced).toEqual(['a1']);
    expect(registry.lookup('file', 'a1', 'hash-a1')).toEqual({ request: { id: 'a1' } });
    expect(registry.settle('a1', { outcome: 'approved' })).toBe(true);
    await expect(wait.done).resolves.toEqual({ outcome: 'approved' });
    expect(wait.settled).toEqual([{ outcome: 'approved' }]);
    expect(registry.settle('a1', { outcome: 'rejected' })).toBe(false);
    expect(registry.lookup('file', 'a1', 'hash-a1')).toEqual({
      refused: 'approval a1 was already decided; a decision counts once.',
    });
  });

  it('a stale hash or an unknown id - refused in words of its kind', () => {
    const registry = new ApprovalRegistry();
    waitOn(registry, 'command', 'c1');
    waitOn(registry, 'mcp', 'm1');
    expect(registry.lookup('command', 'c1', 'other')).toEqual({
      refused: 'the decision is for a different command (hash mismatch): review the current one.',
    });
    expect(registry.lookup('mcp', 'm1', 'other')).toEqual({
      refused: 'the decision is for a different call (hash mismatch): review the current one.',
    });
    expect(registry.lookup('file', 'nope', 'x')).toEqual({
      refused: 'no pending approval has id nope.',
    });
    // A command's id is not a file approval's.
    expect(registry.lookup('file', 'c1', 'hash-c1')).toEqual({
      refused: 'no pending approval has id c1.',
    });
  });

  it('an aborted turn - ends its wait as aborted', async () => {
    const registry = new ApprovalRegistry();
    const controller = new AbortController();
    const wait = waitOn(registry, 'file', 'f1', controller.signal);
    controller.abort();
    await expect(wait.done).resolves.toEqual({
      outcome: 'aborted',
      reason: 'the turn was aborted',
    });
    expect(registry.pending('file')).toEqual([]);
  });

  it('abortAll - ends only the kinds named', async () => {
    const registry = new ApprovalRegistry();
    const file = waitOn(registry, 'file', 'f1');
    waitOn(registry, 'command', 'c1');
    expect(registry.abortAll(['file'], () => ({ outcome: 'aborted' }))).toBe(1);
    await expect(file.done).resolves.toEqual({ outcome: 'aborted' });
    expect(registry.pending<{ id: string }>('command')).toEqual([{ id: 'c1' }]);
  });

  it('a listener that throws while announcing - leaves the request decidable', async () => {
    const registry = new ApprovalRegistry();
    const done = registry.wait<{ id: string }, Res>({
      kind: 'mcp',
      approvalId: 'm1',
      hash: 'h',
      request: { id: 'm1' },
      signal: new AbortController().signal,
      aborted: () => ({ outcome: 'aborted' }),
      onSettled: () => undefined,
      announce: () => {
        throw new Error('listener broke');
      },
    });
    expect(registry.isWaiting('m1')).toBe(true);
    registry.settle('m1', { outcome: 'approved' });
    await expect(done).resolves.toEqual({ outcome: 'approved' });
  });
});

describe('request events', () => {
  it('requestEventFields - lifts the turn out of the request and names the waiting step', () => {
    const pending = { approvalId: 'a1', conversationId: 'c1', turnId: 't1', command: 'ls' };
    expect(requestEventFields(pending, 'tu1')).toEqual({
      conversationId: 'c1',
      turnId: 't1',
      toolUseId: 'tu1',
      request: { approvalId: 'a1', command: 'ls' },
    });
    expect(requestEventFields(pending, undefined)).not.toHaveProperty('toolUseId');
  });

  it("waitingTurn - a call from no turn waits in ''", () => {
    expect(waitingTurn({})).toEqual({ conversationId: '', turnId: '' });
    expect(waitingTurn({ conversationId: 'c1', turnId: 't1' })).toEqual({
      conversationId: 'c1',
      turnId: 't1',
    });
  });
});
