import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createTerminalApprover,
  NO_TERMINAL_REASON,
  renderDiffLines,
} from '../../src/cli/terminal-approval';
import { createProposal } from '../../src/main/core/edits/proposal';
import { detectFormat } from '../../src/main/core/edits/text-format';
import type { ApprovalRequest } from '../../src/shared/approvals';

function request(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
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
    hunks: p.hunks.map(({ id, oldStart, oldLines, newStart, newLines, lines }) => ({
      id,
      oldStart,
      oldLines,
      newStart,
      newLines,
      lines,
    })),
    description: p.description,
    reason: 'the approval mode asks before every write',
    protectedPath: false,
    coarseDiff: false,
    ...overrides,
  };
}

function terminal(
  answers: string[],
  extra: { editText?: (t: string) => Promise<string>; color?: boolean } = {},
) {
  const input = new PassThrough();
  input.end(answers.map((a) => `${a}\n`).join(''));
  let output = '';
  const approver = createTerminalApprover({
    input,
    output: { write: (t: string) => (output += t) },
    interactive: true,
    color: extra.color ?? false,
    ...(extra.editText ? { editText: extra.editText } : {}),
  });
  return { approver, output: () => output };
}

describe('createTerminalApprover', () => {
  it('shows the diff and approves on y', async () => {
    const t = terminal(['y']);
    await expect(t.approver.ask(request())).resolves.toEqual({ decision: { type: 'approve' } });
    expect(t.output()).toMatch(
      /Change to src\/a\.ts \(the approval mode asks before every write\)\nRename things\n--- a\/src\/a\.ts/u,
    );
    expect(t.output()).toMatch(/-l1\n\+L1/u);
  });

  it('colours the diff on a colour terminal', () => {
    expect(renderDiffLines(['@@ -1 +1 @@', '-a', '+b', ' c'], true)).toBe(
      '\u001b[36m@@ -1 +1 @@\u001b[39m\n\u001b[31m-a\u001b[39m\n\u001b[32m+b\u001b[39m\n c',
    );
  });

  it('rejects on n with the reason', async () => {
    const t = terminal(['n', 'use the helper instead']);
    await expect(t.approver.ask(request())).resolves.toEqual({
      decision: { type: 'reject', reason: 'use the helper instead' },
    });
  });

  it('goes hunk by hunk on h - the reason is asked per hunk, then what was kept is confirmed', async () => {
    const t = terminal(['h', 'y', 'n', 'l18 must stay', 'y']);
    await expect(t.approver.ask(request())).resolves.toEqual({
      decision: { type: 'approve_hunks', hunkIds: ['h1'], reason: 'hunk h2: l18 must stay' },
    });
    expect(t.output()).toMatch(/Keep hunk h1 \(1\/2\)\?/u);
    expect(t.output()).toMatch(/Why not hunk h2\? \(optional\)/u);
    expect(t.output()).toMatch(/Write the 1 of 2 hunks you kept\?/u);
  });

  it('hunk by hunk with every hunk approved is a plain approval; none is a rejection', async () => {
    await expect(terminal(['h', 'y', 'y']).approver.ask(request())).resolves.toEqual({
      decision: { type: 'approve' },
    });
    await expect(terminal(['h', 'n', '', 'n', '']).approver.ask(request())).resolves.toEqual({
      decision: { type: 'reject' },
    });
  });

  it('edits in the editor on e - the edited text, shown as a diff, becomes the decision on y', async () => {
    const t = terminal(['e', 'y'], { editText: async (text) => text.replace('L1', 'Mine') });
    const answer = await t.approver.ask(request());
    expect(answer.decision).toMatchObject({
      type: 'edit',
      content: expect.stringContaining('Mine\n'),
    });
  });

  it('re-asks after an editor failure', async () => {
    const t = terminal(['e', 'y'], {
      editText: async () => Promise.reject(new Error('no editor')),
    });
    await expect(t.approver.ask(request())).resolves.toEqual({ decision: { type: 'approve' } });
    expect(t.output()).toMatch(/The editor failed: no editor/u);
  });

  it('offers always-allow with the path as default glob - not for protected paths', async () => {
    await expect(terminal(['a', '']).approver.ask(request())).resolves.toEqual({
      decision: { type: 'approve' },
      alwaysAllowGlob: 'src/a.ts',
    });
    await expect(terminal(['a', 'src/**']).approver.ask(request())).resolves.toMatchObject({
      alwaysAllowGlob: 'src/**',
    });
    const t = terminal(['a', 'y']);
    await expect(t.approver.ask(request({ protectedPath: true }))).resolves.toEqual({
      decision: { type: 'approve' },
    });
    expect(t.output()).not.toMatch(/\[a\]lways/u);
  });

  it('re-asks on an unknown answer and rejects when the input closes', async () => {
    const t = terminal(['maybe']);
    await expect(t.approver.ask(request())).resolves.toEqual({
      decision: { type: 'reject', reason: 'no answer: the terminal input was closed' },
    });
    expect(t.output()).toMatch(/Please answer y, n, e, h or a/u);
  });

  it('asks queued proposals one at a time, in order', async () => {
    const t = terminal(['y', 'n', '']);
    const [a, b] = await Promise.all([
      t.approver.ask(request()),
      t.approver.ask(request({ approvalId: 'ap2', path: 'b.ts' })),
    ]);
    expect(a.decision.type).toBe('approve');
    expect(b.decision.type).toBe('reject');
  });

  it('rejects without a terminal - saying why, decided by the mode, not a person', async () => {
    const approver = createTerminalApprover({
      input: new PassThrough(),
      output: { write: () => undefined },
      interactive: false,
    });
    await expect(approver.ask(request())).resolves.toEqual({
      decision: { type: 'reject', reason: NO_TERMINAL_REASON },
      decidedBy: 'mode',
    });
  });
});

describe('createTerminalApprover - a command that writes a project file', () => {
  it('shows the known new content as a diff under the command, escaped (issue 22 item 7)', async () => {
    const t = terminal(['n', '']);
    const answer = await t.approver.askCommand?.({
      approvalId: 'c1',
      commandHash: 'h',
      command: 'echo fresh > src/app.ts',
      cwd: '',
      description: 'overwrite',
      sandboxed: true,
      sandboxDetail: 'project writable',
      network: false,
      timeoutSeconds: 60,
      reason: 'it writes the project file src/app.ts, which no rule may allow',
      suggestedPrefixes: [],
      proposedWrites: [
        {
          path: 'src/app.ts',
          isNewFile: false,
          append: false,
          hunks: [
            {
              id: 'h1',
              oldStart: 1,
              oldLines: 1,
              newStart: 1,
              newLines: 1,
              lines: ['-original', '+fresh\u001b]0;title\u0007'],
            },
          ],
        },
      ],
    });
    expect(answer?.decision.type).toBe('reject');
    expect(t.output()).toContain(
      'It writes src/app.ts (replaced):\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,1 +1,1 @@\n-original\n+fresh\\u001b]0;title\\u0007\n',
    );
    expect(t.output()).not.toContain('\u001b');
  });
});
