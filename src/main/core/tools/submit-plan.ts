// submit_plan (plan mode): the model ends its read-only exploration with a plan — a summary,
// numbered steps and the files it expects to touch — and the person approves it into ask or
// auto-edit mode, approves their own text of it, or rejects it with feedback. Offered only
// while the conversation is in plan mode (agent/conversation-runner.ts adds it to the turn),
// so it is not in the tool registry nor `sluice tool`. Its kind is write: it runs alone, in
// the model's order, since an approval changes what the calls after it may do.
import { z } from 'zod';
import { goOnModeWords, PLAN_LIMITS, planSchema } from '../../../shared/plans';
import { missingCase } from '../../../shared/missing-case';
import type { PlanResolution } from '../approvals/plan-gate';
import { defineTool, ok, toolError, type ToolResult } from './tool';

export const SUBMIT_PLAN_TOOL = 'submit_plan';

const schema = z
  .object({
    summary: planSchema.shape.summary.describe(
      'What the change does and why, in a few sentences for the person.',
    ),
    steps: planSchema.shape.steps.describe(
      `The steps you will take, in order, one short sentence each (at most ${PLAN_LIMITS.steps}).`,
    ),
    files: planSchema.shape.files.describe(
      'The project files you expect to create or change, as paths relative to the project root.',
    ),
  })
  .strict();

export function createSubmitPlanTool() {
  return defineTool({
    name: SUBMIT_PLAN_TOOL,
    description:
      'Plan mode only: submits your plan to the person once you have explored the code read-only. They approve it (then you carry it out, and writes are allowed), edit it (carry out their version) or reject it with feedback (stay in plan mode and revise). Call it once, at the end of your exploration; do not write or run anything before it is approved.',
    schema,
    kind: 'write',
    label: (input) => `Plan: ${input.summary.split('\n')[0]?.slice(0, 80) ?? ''}`,
    async run(input, ctx) {
      if (!ctx.plans)
        return toolError(
          'There is nobody to show a plan to here; describe the plan in your reply.',
        );
      if (ctx.plans.mode() !== 'plan')
        return toolError(
          'The conversation is no longer in plan mode: a plan was approved. Carry out the approved plan; do not submit another.',
        );
      const resolution = await ctx.plans.requestPlan(input, {
        signal: ctx.signal,
        conversationId: ctx.conversationId,
        turnId: ctx.turnId,
        toolUseId: ctx.toolUseId,
        emit: ctx.emit,
      });
      return planResult(resolution);
    },
  });
}

/** What the model is told of the person's answer. */
export function planResult(resolution: PlanResolution): ToolResult {
  switch (resolution.outcome) {
    case 'approved':
      return ok(
        `The person approved the plan; carry it out now. Mode: ${goOnModeWords(resolution.mode)}.`,
      );
    case 'edited':
      return ok(
        `The person approved the plan as edited; carry it out now. Mode: ${goOnModeWords(resolution.mode)}.\nFollow their version of the plan, which replaces yours:\n<plan_as_edited>\n${resolution.text}\n</plan_as_edited>`,
      );
    case 'rejected':
      if (resolution.decidedBy !== 'person')
        return {
          status: 'rejected',
          content: `The plan was not approved, and no person decided: ${resolution.feedback ?? 'nobody could be asked'}. You are still in plan mode: nothing may be written. Give the plan in your reply and end your turn.`,
        };
      return {
        status: 'rejected',
        content: `The person rejected the plan.${resolution.feedback ? ` Their feedback: ${resolution.feedback}` : ' They gave no reason.'}\nYou are still in plan mode: nothing may be written. Explore further if you need to, then submit a revised plan with submit_plan (or ask what they want changed).`,
      };
    case 'aborted':
      return toolError(`The plan was not decided: ${resolution.reason}.`);
    default:
      return missingCase(resolution);
  }
}
