import { describe, expect, it } from 'vitest';
import {
  personDecision,
  personDecisionWords,
  type PersonDecision,
} from '../../src/shared/step-decision';
import { applySelectedHunks, createProposal } from '../../src/main/core/edits/proposal';
import {
  appliedMessage,
  editedMessage,
  partialMessage,
  rejectedMessage,
} from '../../src/main/core/edits/result-message';
import { detectFormat } from '../../src/main/core/edits/text-format';
import { describeRefusal } from '../../src/main/core/tools/command-refusal';
import { planResult } from '../../src/main/core/tools/submit-plan';

// Main's own words are read here, so a change of them fails this test, not the app quietly.
const before = `${Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
const after = before
  .replace('line 2\n', 'line two\n')
  .replace('line 15\n', 'line fifteen\n')
  .replace('line 28\n', 'line twenty-eight\n');
const proposal = createProposal({
  tool: 'edit_file',
  path: 'src/a.ts',
  isNewFile: false,
  before,
  after,
  format: detectFormat(before),
  baseHash: 'base',
  description: 'test',
});

function kept(approved: string[], rejected: string[], reason?: string): string {
  const text = applySelectedHunks(proposal, approved);
  return partialMessage(proposal, approved, rejected, reason, text, 'cp1', []);
}

function decided(result: string, status = 'ok', name = 'edit_file'): PersonDecision | null {
  return personDecision({ name, status, result });
}

describe('personDecision', () => {
  it('partial approval - counts the hunks main says were kept, whole or in part', () => {
    expect(proposal.hunks.map((hunk) => hunk.id)).toEqual(['h1', 'h2', 'h3']);
    expect(decided(kept(['h1', 'h3'], ['h2']))).toEqual({
      kind: 'kept-part',
      whole: 2,
      inPart: 0,
      hunks: 3,
    });
    expect(decided(kept(['h2'], ['h1', 'h3'], 'only the middle one'))).toEqual({
      kind: 'kept-part',
      whole: 1,
      inPart: 0,
      hunks: 3,
    });
    // A hunk kept by one of its lines: h1@3 is h1's added line, h1@2 the line it removes.
    expect(decided(kept(['h1@3', 'h3'], ['h1@2', 'h2']))).toEqual({
      kind: 'kept-part',
      whole: 1,
      inPart: 1,
      hunks: 3,
    });
  });

  it('edited and rejected - read from main words; a full approval is no decision of note', () => {
    expect(decided(editedMessage(proposal, 'mine\n', 'cp1', []))).toEqual({ kind: 'edited' });
    expect(decided(rejectedMessage(proposal, 'person', undefined), 'rejected')).toEqual({
      kind: 'rejected',
    });
    expect(decided(appliedMessage(proposal, 'person', '', 'cp1', []))).toBeNull();
  });

  it('a reject nobody chose - a mode, a rule or an abort is not the person decision', () => {
    expect(decided(rejectedMessage(proposal, 'mode', 'no terminal'), 'rejected')).toBeNull();
    expect(decided(rejectedMessage(proposal, 'abort', undefined), 'rejected')).toBeNull();
    const command = { approvalId: 'a1', outcome: 'rejected' } as const;
    expect(
      decided(describeRefusal({ ...command, decidedBy: 'person' }), 'rejected', 'run_command'),
    ).toEqual({ kind: 'rejected' });
    expect(
      decided(describeRefusal({ ...command, decidedBy: 'mode' }), 'rejected', 'run_command'),
    ).toBeNull();
    const plan = { approvalId: 'p1', outcome: 'rejected' } as const;
    const { content: personal } = planResult({ ...plan, decidedBy: 'person' });
    const { content: nobody } = planResult({ ...plan, decidedBy: 'mode' });
    expect(decided(personal, 'rejected', 'submit_plan')).toEqual({ kind: 'rejected' });
    expect(decided(nobody, 'rejected', 'submit_plan')).toBeNull();
  });

  it('another tool - a result in those words from elsewhere (an MCP server) is not read', () => {
    expect(decided(kept(['h1'], ['h2', 'h3']), 'ok', 'mcp__fs__write')).toBeNull();
    expect(decided(editedMessage(proposal, 'mine\n', undefined, []), 'ok', 'read_file')).toBeNull();
  });
});

describe('personDecisionWords', () => {
  it('says what was written, in the person words', () => {
    const words = (whole: number, inPart: number, hunks: number) =>
      personDecisionWords({ kind: 'kept-part', whole, inPart, hunks });
    expect(words(2, 0, 3)).toBe('applied 2 of 3 hunks');
    expect(words(1, 1, 3)).toBe('applied 1 of 3 hunks and part of 1 more');
    expect(words(0, 2, 3)).toBe('applied part of 2 of 3 hunks');
    expect(words(0, 1, 1)).toBe('applied part of the change');
    expect(personDecisionWords({ kind: 'edited' })).toBe('applied your edited version');
    expect(personDecisionWords({ kind: 'rejected' })).toBe('you rejected it');
  });
});
