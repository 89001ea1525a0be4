import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTerminalApprover } from '../../src/cli/terminal-approval';
import type { CheckDecision } from '../../src/cli/terminal-prompt';
import type { ApprovalRequest, Decision } from '../../src/shared/approvals';
import type { ProposalEvidence } from '../../src/shared/diagnostics';
import { createProposal } from '../../src/main/core/edits/proposal';
import { plainHunk } from '../../src/main/core/edits/bounded-line-diff';
import { detectFormat } from '../../src/main/core/edits/text-format';

const BEFORE = 'a\nb\nc\nd\ne\nf\ng\nh\n';
// Two edits three lines apart: one hunk of two separate changes.
const AFTER = 'A\nb\nc\nd\nE\nf\ng\nh\n';

function request(): ApprovalRequest {
  const p = createProposal({
    tool: 'edit_file',
    path: 'src/cart.ts',
    isNewFile: false,
    before: BEFORE,
    after: AFTER,
    format: detectFormat(BEFORE),
    baseHash: 'base',
    description: 'two changes',
  });
  return {
    approvalId: 'a1',
    proposalHash: p.proposalHash,
    tool: 'edit_file',
    path: p.path,
    isNewFile: false,
    before: p.before,
    after: p.after,
    unifiedDiff: p.unifiedDiff,
    hunks: p.hunks.map(plainHunk),
    description: p.description,
    reason: 'mode ask',
    protectedPath: false,
    coarseDiff: false,
  };
}

const twoErrors: ProposalEvidence = {
  state: 'checked',
  ms: 12,
  introduced: [1, 2].map((line) => ({
    path: 'src/cart.ts',
    line,
    column: 1,
    code: 'TS2304',
    message: `Cannot find name 'E${line}'.`,
    lineText: 'E',
    source: 'typescript',
  })),
  fixed: [],
  languages: [],
  checkedAt: new Date(0).toISOString(),
  baseHashes: {},
};

function approver(lines: string[], check?: CheckDecision, editText?: (t: string) => string) {
  const shown: string[] = [];
  const asked: Decision[] = [];
  const approve = createTerminalApprover({
    input: Readable.from(lines.map((l) => `${l}\n`)),
    output: { write: (t: string) => shown.push(t) },
    interactive: true,
    ...(editText ? { editText: async (initial: string) => editText(initial) } : {}),
    checkDecision: async (req, decision, wait) => {
      asked.push(decision);
      return check ? check(req, decision, wait) : { evidence: null, complete: true };
    },
  });
  return { approve, shown, asked };
}

describe('terminal review - h walks, splits and confirms what was kept', () => {
  it('split - keeps one of two nearby changes, shows its diff and evidence, then writes it', async () => {
    const { approve, shown, asked } = approver(['h', 's', 'n', 'too loud', 'y', 'y'], async () => ({
      evidence: twoErrors,
      complete: true,
    }));
    const answer = await approve.ask(request());
    const text = shown.join('');
    expect(text).toContain('Split into 2 changes.');
    expect(text).toContain('Keep change h1.1 (1/2)?');
    expect(text).toContain('Why not change h1.1? (optional)');
    expect(text).toContain('What would be written: the 2 of 4 changed lines you kept');
    expect(text).toContain('+E');
    expect(text).toMatch(/introduces 2 errors/u);
    expect(answer.decision).toEqual({
      type: 'approve_hunks',
      hunkIds: ['h1.2'],
      reason: 'change h1.1: too loud',
    });
    expect(asked).toEqual([answer.decision]);
  });

  it('confirm no - nothing is written and the reason goes with the rejection', async () => {
    const { approve } = approver(['h', 's', 'y', 'n', '', 'n', 'both or nothing']);
    const answer = await approve.ask(request());
    expect(answer.decision).toEqual({ type: 'reject', reason: 'both or nothing' });
  });

  it('e on the whole change - shows the diff of the edited version and asks; no leaves the file', async () => {
    const { approve, shown, asked } = approver(['e', 'n', ''], undefined, () => 'a\nb\nX\n');
    const answer = await approve.ask(request());
    expect(shown.join('')).toContain('What would be written: your version');
    expect(shown.join('')).toContain('+X');
    expect(asked).toEqual([{ type: 'edit', content: 'a\nb\nX\n' }]);
    expect(answer.decision).toEqual({ type: 'reject' });
  });

  it('e on a hunk - the hunk takes the edited text, then it is confirmed', async () => {
    const { approve } = approver(['h', 'e', 'y'], undefined, (initial) =>
      initial.replace('A\n', 'Alpha\n'),
    );
    const answer = await approve.ask(request());
    expect(answer.decision).toEqual({ type: 'edit', content: AFTER.replace('A\n', 'Alpha\n') });
  });

  it('late evidence - said under the question, which is asked again', async () => {
    const input = new PassThrough();
    const shown: string[] = [];
    const approve = createTerminalApprover({
      input,
      output: { write: (t: string) => shown.push(t) },
      interactive: true,
    });
    const answering = approve.ask(request());
    await new Promise((r) => setTimeout(r, 20));
    approve.interject?.('The check of the change above finished:\nNo new errors\n');
    input.write('y\n');
    expect((await answering).decision).toEqual({ type: 'approve' });
    const text = shown.join('');
    const question = 'Apply? [y]es / [n]o / [e]dit / [h]unk by hunk / [a]lways allow > ';
    expect(text.lastIndexOf(question)).toBeGreaterThan(text.indexOf('No new errors'));
  });
});
