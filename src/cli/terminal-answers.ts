// What a person answered on a terminal, for a write, a command; and who reads the reasons.
import type { Decision } from '../shared/approvals';
import type { CommandDecision } from '../shared/command-approvals';

export interface TerminalAnswer {
  readonly decision: Decision;
  /** Set when the person chose "always allow": save this allow rule before deciding. */
  readonly alwaysAllowGlob?: string;
  /** Who decided: 'mode' when no person could be asked (no terminal). Default 'person'. */
  readonly decidedBy?: 'person' | 'mode';
}

/** Who reads a rejection's reason: Claude (a turn's write), or only the audit trail. */
export interface WriteAskContext {
  readonly modelReads: boolean;
  /** False where only the proposed text or parts of it can be written (a change set). */
  readonly editable?: boolean;
}

export interface TerminalCommandAnswer {
  readonly decision: CommandDecision;
  readonly decidedBy?: 'person' | 'mode';
}
