// What run_command's approval gate takes and gives back (command-approval-gate.ts): the
// proposal the tool makes and the resolution, including who decided and why the policy asked.
import type { AgentEvent } from '../../../shared/agent-events';
import type { DecisionSource } from '../../../shared/approvals';
import type { WriteCall } from '../approvals/approval-port';
import type { CommandPlan } from '../shell/command-plan';
import type { ScopedHosts } from '../shell/network-rule-repository';

export interface CommandProposal {
  readonly command: string;
  /** Realpath of the project root and the absolute working folder inside it. */
  readonly root: string;
  readonly cwd: string;
  /** Working folder relative to the root, for the card ('' = root). */
  readonly cwdRelative: string;
  readonly description: string;
  /** Full network: the model asked for it, or the command runs outside the sandbox. */
  readonly network: boolean;
  /**
   * Without `network`: the project's network rules; the gate gives the command the hosts of
   * those that apply to its parse, reachable through the filtering proxy. Absent: none.
   */
  readonly networkRules?: readonly ScopedHosts[] | undefined;
  readonly timeoutSeconds: number;
  readonly sandboxed: boolean;
  readonly sandboxDetail: string;
  /** The sandbox's name when sandboxed ("bubblewrap", "Seatbelt"), for "sandboxed (…)". */
  readonly sandboxName?: string;
  /** Whether a project path is ignored: writes there stay allowed (absent: none is). */
  readonly isIgnored?: ((relative: string) => boolean) | undefined;
  /** A PreToolUse hook asked for the person (why, in words): an allowing rule asks instead. */
  readonly hookAsk?: string | undefined;
}

export interface CommandCall extends WriteCall {
  readonly emit?: ((event: AgentEvent) => void) | undefined;
}

interface Decided {
  readonly approvalId: string;
  readonly decidedBy: DecisionSource;
}

/**
 * What runs (`plan.command`: the proposal's text or the person's edit), parsed once, with its
 * network (the person's choice, or what the card showed).
 */
interface Planned {
  readonly plan: CommandPlan;
}

/** Why the policy did not let the line run by itself, for the model's refusal message. */
interface PolicyWhy {
  /** The policy's reason: the parts no rule allows, each named. */
  readonly policyReason?: string | undefined;
  /** Parts that would run without asking on their own (checked again, one by one). */
  readonly allowedAlone?: readonly string[] | undefined;
}

export type CommandResolution =
  | (Decided & Planned & { readonly outcome: 'approved'; readonly reason: string })
  | (Decided & Planned & { readonly outcome: 'edited' })
  | (Decided & PolicyWhy & { readonly outcome: 'rejected'; readonly reason?: string | undefined })
  | (Decided &
      PolicyWhy & {
        readonly outcome: 'denied';
        readonly reason: string;
        /** A deny rule, the read-only mode, or plan mode. */
        readonly deniedBy?: 'rule' | 'read-only' | 'plan' | undefined;
      });
