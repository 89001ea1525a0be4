// The plans of plan mode, kept with their conversation (migration 0190): recorded when the
// model submits one and again when it is decided, so a reloaded chat shows each plan on its
// step with the decision (and the mode it went on in). A plan that never got a decision and
// whose turn is over reads as aborted: Sluice stopped while it waited.
import type { PlanCard, PlanGoOnMode, PlanOutcome } from '../../../shared/plans';
import { planSchema } from '../../../shared/plans';
import type { DecisionSource } from '../../../shared/approvals';
import type { WritableDb } from './database-handles';

export interface PlanRequested {
  readonly approvalId: string;
  readonly conversationId: string;
  readonly turnId: string;
  readonly toolUseId: string;
  readonly plan: PlanCard['plan'];
}

export interface PlanDecided {
  readonly outcome: PlanOutcome;
  readonly decidedBy: DecisionSource;
  readonly mode?: PlanGoOnMode | undefined;
  readonly editedText?: string | undefined;
  readonly feedback?: string | undefined;
}

export interface PlanRepository {
  requested(entry: PlanRequested): void;
  decided(approvalId: string, decision: PlanDecided): void;
}

export interface PlanRow {
  approval_id: string;
  tool_use_id: string;
  plan_json: string;
  outcome: PlanOutcome | null;
  mode: PlanGoOnMode | null;
  edited_text: string | null;
  feedback: string | null;
}

export const PLAN_ROWS_SQL =
  'SELECT approval_id, tool_use_id, plan_json, outcome, mode, edited_text, feedback FROM conversation_plans WHERE conversation_id = ? ORDER BY created_at, approval_id';

export function createPlanRepository(
  db: WritableDb,
  now: () => number = () => Date.now(),
): PlanRepository {
  const insert = db.prepare(
    'INSERT INTO conversation_plans (approval_id, conversation_id, turn_id, tool_use_id, plan_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const decide = db.prepare(
    'UPDATE conversation_plans SET outcome = ?, mode = ?, edited_text = ?, feedback = ?, decided_by = ?, decided_at = ? WHERE approval_id = ? AND outcome IS NULL',
  );
  return {
    requested(entry) {
      insert.run(
        entry.approvalId,
        entry.conversationId,
        entry.turnId,
        entry.toolUseId,
        JSON.stringify(entry.plan),
        now(),
      );
    },
    decided(approvalId, decision) {
      decide.run(
        decision.outcome,
        decision.mode ?? null,
        decision.editedText ?? null,
        decision.feedback ?? null,
        decision.decidedBy,
        now(),
        approvalId,
      );
    },
  };
}

/** A stored plan as its card; `turnOver`: a plan still undecided then was never decided. */
export function planCardOf(row: PlanRow, turnOver: boolean): PlanCard | null {
  let plan: PlanCard['plan'];
  try {
    const parsed = planSchema.safeParse(JSON.parse(row.plan_json));
    if (!parsed.success) return null;
    plan = parsed.data;
  } catch {
    return null;
  }
  return {
    approvalId: row.approval_id,
    plan,
    state: row.outcome ?? (turnOver ? 'aborted' : 'waiting'),
    ...(row.mode ? { mode: row.mode } : {}),
    ...(row.edited_text !== null ? { editedText: row.edited_text } : {}),
    ...(row.feedback !== null ? { feedback: row.feedback } : {}),
  };
}
