// The plan prompt (`sluice ask --mode plan`): the model's plan shown with its controls made
// visible; a line answers it, so `a` (go on in ask mode) and `A` (auto-edit) stay apart; e
// approves the person's own text from their editor; n rejects with feedback; without a
// terminal the plan is rejected, saying nobody could be asked.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEventOf } from '../../src/shared/agent-events';
import type { ApprovalMode } from '../../src/shared/approvals';
import { planText, type PlanRequest } from '../../src/shared/plans';
import { ApprovalRegistry } from '../../src/main/core/approvals/approval-registry';
import { PlanGate } from '../../src/main/core/approvals/plan-gate';
import { createTerminalApprover } from '../../src/cli/terminal-approval';
import { answerPlan } from '../../src/cli/terminal-plan-answer';
import { askPlanOnTerminal, NO_TERMINAL_PLAN_REASON } from '../../src/cli/terminal-plan-prompt';

const request: PlanRequest = {
  approvalId: 'p1',
  plan: {
    summary: 'Rename total.\u001b[2J\u001b[1;1HApprove it',
    steps: ['Rename the export', 'Update the importers'],
    files: ['src/cart.ts', 'src/checkout.ts'],
  },
};

function terminal(answers: (string | null)[], edited = 'My own plan\n') {
  const shown: string[] = [];
  const questions: string[] = [];
  const edits: string[] = [];
  return {
    shown,
    questions,
    edits,
    io: {
      prompt: (question: string) => {
        questions.push(question);
        return Promise.resolve(answers.length ? (answers.shift() ?? null) : null);
      },
      out: (text: string) => void shown.push(text),
      editText: (initial: string) => {
        edits.push(initial);
        return Promise.resolve(edited);
      },
      color: false,
    },
  };
}

describe('terminal plan prompt', () => {
  it('plan prompt - shows the summary, numbered steps and files with controls made visible', async () => {
    const t = terminal(['a']);
    await askPlanOnTerminal(request, t.io);
    const text = t.shown.join('');
    expect(text).toContain('Rename total.\\u001b[2J');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('  1. Rename the export\n  2. Update the importers');
    expect(text).toContain('  - src/cart.ts\n  - src/checkout.ts');
    expect(t.questions[0]).toBe(
      'Go on with this plan? [a]pprove, ask each write / [A]uto-edit / [e]dit the plan / [n]o > ',
    );
  });

  it('plan prompt - a goes on in ask mode and A in auto-edit', async () => {
    expect(await askPlanOnTerminal(request, terminal(['a']).io)).toEqual({
      decision: { type: 'approve', mode: 'ask' },
    });
    expect(await askPlanOnTerminal(request, terminal(['A']).io)).toEqual({
      decision: { type: 'approve', mode: 'auto-edit' },
    });
    expect(await askPlanOnTerminal(request, terminal(['auto-edit']).io)).toEqual({
      decision: { type: 'approve', mode: 'auto-edit' },
    });
  });

  it('plan prompt - e edits the plan as text, then asks the mode', async () => {
    const t = terminal(['e', 'A'], '  Rename only the export  \n');
    expect(await askPlanOnTerminal(request, t.io)).toEqual({
      decision: { type: 'edit', text: 'Rename only the export', mode: 'auto-edit' },
    });
    expect(t.edits).toEqual([planText(request.plan)]);
    expect(t.questions[1]).toBe('Go on in [a]sk mode (each write reviewed) or [A]uto-edit? > ');
  });

  it('plan prompt - an emptied plan approves nothing and the question comes again', async () => {
    const t = terminal(['e', 'n', 'not like this'], '   \n');
    expect(await askPlanOnTerminal(request, t.io)).toEqual({
      decision: { type: 'reject', feedback: 'not like this' },
    });
    expect(t.shown.join('')).toContain('The edited plan is empty: nothing was approved.');
  });

  it('plan prompt - n rejects with the feedback; an empty one is left out', async () => {
    expect(await askPlanOnTerminal(request, terminal(['n', 'add a test first']).io)).toEqual({
      decision: { type: 'reject', feedback: 'add a test first' },
    });
    expect(await askPlanOnTerminal(request, terminal(['no', '']).io)).toEqual({
      decision: { type: 'reject' },
    });
  });

  it('plan prompt - a closed input or five bad answers reject, and no person decided', async () => {
    expect(await askPlanOnTerminal(request, terminal([null]).io)).toMatchObject({
      decision: { type: 'reject', feedback: expect.stringContaining('input was closed') },
      decidedBy: 'mode',
    });
    const t = terminal(['y', 'ok', 'sure', '?', 'go', 'a']);
    expect(await askPlanOnTerminal(request, t.io)).toEqual({
      decision: { type: 'reject', feedback: 'no valid answer was given' },
      decidedBy: 'mode',
    });
    expect(t.questions).toHaveLength(5);
  });

  it('terminal approver - reads the answer line from its input stream', async () => {
    const written: string[] = [];
    const input = new PassThrough();
    const approver = createTerminalApprover({
      input,
      output: { write: (text: string) => written.push(text) },
      interactive: true,
    });
    const answer = approver.askPlan?.(request);
    input.write('A\n');
    expect(await answer).toEqual({ decision: { type: 'approve', mode: 'auto-edit' } });
    approver.close();
    expect(written.join('')).toContain('Files it expects to touch');
  });

  it('no terminal - the plan is rejected through the gate, saying nobody could be asked', async () => {
    const approver = createTerminalApprover({
      input: new PassThrough(),
      output: { write: () => undefined },
      interactive: false,
    });
    let mode: ApprovalMode = 'plan';
    const gate = new PlanGate({
      registry: new ApprovalRegistry(),
      mode: () => mode,
      goOn: (next) => {
        mode = next;
      },
      newId: () => 'p1',
    });
    const events: AgentEventOf<'plan_request'>[] = [];
    const waiting = gate.requestPlan(request.plan, {
      signal: new AbortController().signal,
      conversationId: 'c',
      turnId: 't',
      toolUseId: 'tu',
      emit: (event) => void (event.type === 'plan_request' && events.push(event)),
    });
    await answerPlan(approver, gate, events[0] as AgentEventOf<'plan_request'>);
    expect(await waiting).toEqual({
      approvalId: 'p1',
      outcome: 'rejected',
      decidedBy: 'mode',
      feedback: NO_TERMINAL_PLAN_REASON,
    });
    expect(NO_TERMINAL_PLAN_REASON).toMatch(/nobody could approve the plan/u);
    expect(mode).toBe('plan');
  });
});
