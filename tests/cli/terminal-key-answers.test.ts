// The approval prompts on a terminal that can be put in raw mode: a choice is one key press
// (echoed as its word, no Enter), reasons are still lines typed in cooked mode, unknown keys
// get a hint, and raw mode is off again after every answer, after Ctrl+C and Ctrl+D, and
// while the editor runs. Ctrl+C, at a key or while a line is typed, rejects the question as
// stopped. Without raw mode (a pipe, or a terminal that refuses it) answers are lines, as before.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTerminalApprover, STOPPED_REASON } from '../../src/cli/terminal-approval';
import { createPromptKit, PromptInterruptedError } from '../../src/cli/terminal-prompt';
import { KeyReader } from '../../src/cli/key-reader';
import { LineReader } from '../../src/cli/line-reader';
import { createProposal } from '../../src/main/core/edits/proposal';
import { plainHunk } from '../../src/main/core/edits/bounded-line-diff';
import { detectFormat } from '../../src/main/core/edits/text-format';
import type { ApprovalRequest } from '../../src/shared/approvals';
import type { CommandApprovalRequest } from '../../src/shared/command-approvals';
import { fakeTerminal, type FakeTerminal } from '../support/fake-tty';

function request(): ApprovalRequest {
  const before = Array.from({ length: 20 }, (_, i) => `l${i}\n`).join('');
  const after = before.replace('l1\n', 'L1\n').replace('l18\n', 'L18\n');
  const p = createProposal({
    tool: 'edit_file',
    path: 'src/a.ts',
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'b',
    description: 'Rename things',
  });
  return {
    approvalId: 'ap1',
    proposalHash: p.proposalHash,
    tool: 'edit_file',
    path: p.path,
    isNewFile: false,
    before,
    after,
    unifiedDiff: p.unifiedDiff,
    hunks: p.hunks.map(plainHunk),
    description: p.description,
    reason: 'the approval mode asks before every write',
    protectedPath: false,
    coarseDiff: false,
  };
}

function commandRequest(): CommandApprovalRequest {
  return {
    approvalId: 'c1',
    commandHash: 'h',
    command: 'npm test',
    cwd: '',
    description: '',
    sandboxed: true,
    sandboxDetail: 'project writable',
    network: true,
    timeoutSeconds: 60,
    reason: 'mode ask',
    suggestedPrefixes: [],
  };
}

function approverOn(
  term: FakeTerminal,
  extra: { editText?: (t: string) => Promise<string>; interrupt?: () => void } = {},
) {
  return createTerminalApprover({
    input: term.input,
    output: term.output,
    interactive: true,
    ...extra,
  });
}

/** Settles within a few event-loop turns, or says it is still waiting. */
async function settledSoon<T>(promise: Promise<T>): Promise<T | 'waiting'> {
  const waiting = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 100));
  return Promise.race([promise, waiting]);
}

describe('single-key answers on a terminal', () => {
  it('write prompt - y alone approves, is echoed as its word, and raw mode is off after', async () => {
    const term = fakeTerminal(['y']);
    const answer = await approverOn(term).ask(request());
    expect(answer).toEqual({ decision: { type: 'approve' } });
    expect(term.rawWhenTyped).toEqual([true]);
    expect(term.shown()).toContain(
      'Apply? [y]es / [n]o / [e]dit / [h]unk by hunk / [a]lways allow > y → yes\n',
    );
    expect(term.rawCalls).toEqual([true, false]);
    expect(term.input.isRaw).toBe(false);
  });

  it('write prompt - n then the reason as a line typed in cooked mode', async () => {
    const term = fakeTerminal(['N', 'use the helper instead']);
    const answer = await approverOn(term).ask(request());
    expect(answer).toEqual({ decision: { type: 'reject', reason: 'use the helper instead' } });
    expect(term.rawWhenTyped).toEqual([true, false]);
    expect(term.shown()).toContain('n → no\nWhy? (optional, Claude reads it) > ');
    expect(term.input.isRaw).toBe(false);
  });

  it('write prompt - unknown keys, arrows and Enter get a hint and the question stays', async () => {
    const term = fakeTerminal(['x', '\u001b[A', '\r', 'yes', 'a', '']);
    const answer = await approverOn(term).ask(request());
    expect(answer).toEqual({ decision: { type: 'approve' }, alwaysAllowGlob: 'src/a.ts' });
    const hints = term
      .shown()
      .match(/Press y, n, e, h or a \(one key, no Enter needed\)\.\nApply\?/gu);
    expect(hints).toHaveLength(4);
    expect(term.shown()).not.toMatch(/Please answer/u);
    // The glob is free text: a line, with its default on Enter.
    expect(term.rawWhenTyped).toEqual([true, true, true, true, true, false]);
  });

  it('write prompt - a word and Enter in one piece (a script on a pty) answers as that word', async () => {
    const term = fakeTerminal(['maybe\n', 'No\r\n', 'not now']);
    const answer = await approverOn(term).ask(request());
    expect(answer).toEqual({ decision: { type: 'reject', reason: 'not now' } });
    expect(term.shown()).toMatch(/Press y, n, e, h or a .*\n.*n → no\n/u);
  });

  it('hunk walk - keys per hunk, the reason as a line, the confirmation as a key', async () => {
    const term = fakeTerminal(['h', 'y', 'n', 'l18 must stay', 'y']);
    const answer = await approverOn(term).ask(request());
    expect(answer).toEqual({
      decision: { type: 'approve_hunks', hunkIds: ['h1'], reason: 'hunk h2: l18 must stay' },
    });
    expect(term.rawWhenTyped).toEqual([true, true, true, false, true]);
    expect(term.shown()).toContain('y → keep\n');
    expect(term.shown()).toContain('n → drop\nWhy not hunk h2? (optional) > ');
    expect(term.input.isRaw).toBe(false);
  });

  it('editor - raw mode is off while it runs, and keys work again after it', async () => {
    const term = fakeTerminal(['e', 'y']);
    const rawInEditor: boolean[] = [];
    const answer = await approverOn(term, {
      editText: async (text) => {
        rawInEditor.push(term.input.isRaw);
        return text.replace('L1', 'Mine');
      },
    }).ask(request());
    expect(rawInEditor).toEqual([false]);
    expect(answer.decision).toMatchObject({ type: 'edit' });
    expect(term.rawWhenTyped).toEqual([true, true]);
    expect(term.rawCalls).toEqual([true, false, true, false]);
  });

  it('Ctrl+C - raw mode off first, then the interrupt; the change is rejected as stopped', async () => {
    const term = fakeTerminal(['\u0003']);
    const rawAtInterrupt: boolean[] = [];
    const approver = approverOn(term, {
      interrupt: () => rawAtInterrupt.push(term.input.isRaw),
    });
    const asked = approver.ask(request());
    expect(await settledSoon(asked)).toEqual({
      decision: { type: 'reject', reason: STOPPED_REASON },
    });
    expect(rawAtInterrupt).toEqual([false]);
    expect(term.rawCalls).toEqual([true, false]);
    expect(term.input.isRaw).toBe(false);
  });

  it('Ctrl+C - the questions of the turn waiting behind it are rejected unasked; later ones are asked', async () => {
    const term = fakeTerminal(['\u0003', 'y']);
    let interrupts = 0;
    const approver = approverOn(term, { interrupt: () => (interrupts += 1) });
    const stopped = { decision: { type: 'reject', reason: STOPPED_REASON } };
    const first = approver.ask(request());
    const second = approver.askCommand?.(commandRequest());
    expect(await settledSoon(first)).toEqual(stopped);
    expect(await settledSoon(Promise.resolve(second))).toEqual(stopped);
    expect(interrupts).toBe(1);
    expect(term.shown()).not.toContain('Run it');
    // A question that comes after them (the next turn's) is asked again.
    await expect(approver.ask(request())).resolves.toEqual({ decision: { type: 'approve' } });
  });

  it('Ctrl+C at a command question - the command is rejected as stopped', async () => {
    const term = fakeTerminal(['\u0003']);
    const approver = approverOn(term, { interrupt: () => undefined });
    expect(await settledSoon(Promise.resolve(approver.askCommand?.(commandRequest())))).toEqual({
      decision: { type: 'reject', reason: STOPPED_REASON },
    });
    expect(term.input.isRaw).toBe(false);
  });

  it('Ctrl+D - the input is closed: rejected, raw mode off, later questions closed too', async () => {
    const term = fakeTerminal(['\u0004']);
    const approver = approverOn(term);
    await expect(approver.ask(request())).resolves.toEqual({
      decision: { type: 'reject', reason: 'no answer: the terminal input was closed' },
    });
    await expect(approver.ask(request())).resolves.toMatchObject({
      decision: { type: 'reject', reason: 'no answer: the terminal input was closed' },
    });
    expect(term.rawCalls).toEqual([true, false]);
  });

  it('command prompt - w then o picks this run network by keys', async () => {
    const term = fakeTerminal(['w', 'o', 'y']);
    const answer = await approverOn(term).askCommand?.(commandRequest());
    expect(answer).toEqual({ decision: { type: 'run_once', network: { type: 'off' } } });
    expect(term.shown()).toContain('o → off\n');
    expect(term.input.isRaw).toBe(false);
  });

  it('interject - late evidence while a key is awaited is said, then the question again', async () => {
    const term = fakeTerminal([]);
    const kit = createPromptKit({
      reader: new LineReader(term.input),
      keys: new KeyReader(term.input),
      color: false,
      output: term.output,
      editText: async (t) => t,
    });
    const chosen = kit.choose('Go? [y]es / [n]o > ', [
      { key: 'y', word: 'yes' },
      { key: 'n', word: 'no' },
    ]);
    kit.interject('The check finished: no new errors.\n');
    expect(term.shown()).toBe(
      'Go? [y]es / [n]o > \nThe check finished: no new errors.\nGo? [y]es / [n]o > ',
    );
    term.input.write('n');
    await expect(chosen).resolves.toBe('n');
    expect(term.input.isRaw).toBe(false);
  });

  it('line prompt - Ctrl+C while a line is typed ends the question; the next line is the next one', async () => {
    const term = fakeTerminal([]);
    const signals = new EventEmitter();
    // The session's own listener: with it there, Ctrl+C stops the turn, not the process.
    signals.on('SIGINT', () => undefined);
    const kit = createPromptKit({
      reader: new LineReader(term.input),
      color: false,
      output: term.output,
      editText: async (t) => t,
      signals,
    });
    const why = kit.prompt('Why? > ');
    signals.emit('SIGINT', 'SIGINT');
    await expect(why).rejects.toBeInstanceOf(PromptInterruptedError);
    expect(signals.listenerCount('SIGINT')).toBe(1);
    const glob = kit.prompt('Glob > ');
    term.input.write('src/**\n');
    await expect(glob).resolves.toBe('src/**');
  });

  it('line prompt - with nobody listening for Ctrl+C the line is awaited as before', async () => {
    const term = fakeTerminal([]);
    const signals = new EventEmitter();
    const kit = createPromptKit({
      reader: new LineReader(term.input),
      color: false,
      output: term.output,
      editText: async (t) => t,
      signals,
    });
    const why = kit.prompt('Why? > ');
    expect(signals.listenerCount('SIGINT')).toBe(0);
    term.input.write('because\n');
    await expect(why).resolves.toBe('because');
  });

  it('Enter - takes the default when the question has one', async () => {
    const term = fakeTerminal(['\r']);
    const kit = createPromptKit({
      reader: new LineReader(term.input),
      keys: new KeyReader(term.input),
      color: false,
      output: term.output,
      editText: async (t) => t,
    });
    const choices = [
      { key: 'y', word: 'yes' },
      { key: 'n', word: 'no' },
    ];
    await expect(kit.choose('Go? [y]es / [N]o > ', choices, 'n')).resolves.toBe('n');
    expect(term.shown()).toContain('> n → no\n');
  });
});

describe('line answers where raw mode is not available', () => {
  it('a pipe - answers are lines, "yes" included, and nothing tries raw mode', async () => {
    const input = new PassThrough();
    input.end('yes\n');
    let shown = '';
    const approver = createTerminalApprover({
      input,
      output: { write: (t: string) => (shown += t) },
      interactive: true,
    });
    await expect(approver.ask(request())).resolves.toEqual({ decision: { type: 'approve' } });
    expect(shown).not.toContain('→');
  });

  it('a terminal that refuses raw mode - the same question is answered by a line', async () => {
    const term = fakeTerminal(['maybe', 'y'], { refuseRaw: true });
    await expect(approverOn(term).ask(request())).resolves.toEqual({
      decision: { type: 'approve' },
    });
    expect(term.shown()).toMatch(/Please answer y, n, e, h or a\./u);
    expect(term.rawWhenTyped).toEqual([false, false]);
  });
});
