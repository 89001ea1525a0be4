// Plan mode's plan as it crosses boundaries: what the model submits (submit_plan), how the
// person answers it (approve into a mode, approve their own text of it, reject with feedback),
// the waiting request pending lists show, and what the transcript keeps of a decided plan.
import { z } from 'zod';
import { missingCase } from './missing-case';

/** Bounds on a submitted plan: enough for a real plan, never a dump of the project. */
export const PLAN_LIMITS = {
  summaryChars: 4_000,
  steps: 50,
  stepChars: 2_000,
  files: 200,
  fileChars: 1_000,
  /** The person's own text of the plan (edit). */
  textChars: 50_000,
  feedbackChars: 10_000,
} as const;

export const planSchema = z.object({
  summary: z.string().trim().min(1).max(PLAN_LIMITS.summaryChars),
  steps: z.array(z.string().trim().min(1).max(PLAN_LIMITS.stepChars)).min(1).max(PLAN_LIMITS.steps),
  files: z.array(z.string().trim().min(1).max(PLAN_LIMITS.fileChars)).max(PLAN_LIMITS.files),
});
export type Plan = z.infer<typeof planSchema>;

/** The mode an approved plan goes on in: each write reviewed, or edits applied unasked. */
export const planGoOnModeSchema = z.enum(['ask', 'auto-edit']);
export type PlanGoOnMode = z.infer<typeof planGoOnModeSchema>;

export const planDecisionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('approve'), mode: planGoOnModeSchema }),
  z.object({
    type: z.literal('edit'),
    /** The person's text of the plan, which replaces the model's. */
    text: z.string().trim().min(1).max(PLAN_LIMITS.textChars),
    mode: planGoOnModeSchema,
  }),
  z.object({
    type: z.literal('reject'),
    feedback: z.string().max(PLAN_LIMITS.feedbackChars).optional(),
  }),
]);
export type PlanDecision = z.infer<typeof planDecisionSchema>;

export const planOutcomeSchema = z.enum(['approved', 'edited', 'rejected', 'aborted']);
export type PlanOutcome = z.infer<typeof planOutcomeSchema>;

/** A plan waiting for the person, as its request showed it. */
export const planRequestSchema = z.object({
  approvalId: z.string(),
  plan: planSchema,
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

/** A plan as the chat shows it: waiting, or decided with how it goes on. */
export const planCardSchema = z.object({
  approvalId: z.string(),
  plan: planSchema,
  state: z.union([z.literal('waiting'), planOutcomeSchema]),
  mode: planGoOnModeSchema.optional(),
  /** The person's text of the plan, when they edited it. */
  editedText: z.string().optional(),
  feedback: z.string().optional(),
});
export type PlanCard = z.infer<typeof planCardSchema>;

/** The plan as text a person edits (and the model reads back): summary, numbered steps, files. */
export function planText(plan: Plan): string {
  const steps = plan.steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
  const files = plan.files.length ? plan.files.map((file) => `- ${file}`).join('\n') : '(none)';
  return `${plan.summary}\n\nSteps:\n${steps}\n\nFiles:\n${files}\n`;
}

/** How a mode reads in a decision ("ask: each write is reviewed"). */
export function goOnModeWords(mode: PlanGoOnMode): string {
  return mode === 'ask'
    ? 'ask — each write is reviewed'
    : 'auto-edit — edits are applied without asking (rules and protected paths still ask)';
}

/** A plan's decision as a step line says it: "plan approved by you; going on in ask mode". */
export function planDecisionWords(decided: {
  readonly outcome: PlanOutcome;
  readonly mode?: PlanGoOnMode | undefined;
  readonly decidedBy: 'person' | 'rule' | 'mode' | 'abort';
  readonly feedback?: string | undefined;
}): string {
  const goOn = decided.mode ? `; going on in ${decided.mode} mode` : '';
  switch (decided.outcome) {
    case 'approved':
      return `plan approved by you${goOn}`;
    case 'edited':
      return `plan approved by you as you edited it${goOn}`;
    case 'rejected':
      if (decided.decidedBy !== 'person')
        return `plan not approved: ${decided.feedback ?? 'nobody could be asked'}`;
      return `plan rejected by you; Claude stays in plan mode${decided.feedback ? ` (${decided.feedback})` : ''}`;
    case 'aborted':
      return 'stopped: the turn was aborted before the plan was decided';
    default:
      return missingCase(decided.outcome);
  }
}
