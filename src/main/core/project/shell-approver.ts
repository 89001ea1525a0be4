// Who answers the project's questions in a shell. The app answers through the contract (the
// review modal's decision reaches the broker over IPC), so it brings no approver; the CLI
// brings the terminal one. An approver sees every approval event of the tools' calls (file
// writes, MCP calls, commands, plans) and answers through the project's one broker and gate. It is
// made on the first question, so a run that never asks never touches the terminal.
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalPort, ToolCallApprovalPort, WriteCall } from '../approvals/approval-port';
import type { CommandPort } from '../commands/command-port';
import type { PlanPort } from '../approvals/plan-gate';
import type { ProjectGates } from './project-gates';
import type { SelectionEvidence } from '../evidence/selection-evidence';

export interface ShellApprover {
  /** Every approval event of the project's calls; questions are answered through the gates. */
  onEvent(event: AgentEvent): void;
  /** True once for an MCP call the person approved with "always allow this tool". */
  takeAlwaysAllowed?(approvalId: string): boolean;
  /** Rejects what it still asks about and lets go of the terminal. */
  close(): void;
}

/** What an approver may check before a decision: what a selection or an edit would write. */
export interface ApproverChecks {
  readonly selection: SelectionEvidence;
}

export type CreateShellApprover = (
  gates: ProjectGates,
  checks?: ApproverChecks | undefined,
) => ShellApprover;

export interface AnsweredPorts {
  readonly approvals: ApprovalPort & ToolCallApprovalPort;
  readonly commands: CommandPort;
  /** Plan mode's gate (submit_plan). */
  readonly plans: PlanPort;
  /** Lets go of the approver (a turn ended); the next question makes a new one. */
  release(): void;
  /** Closes the approver for good (the project closed). */
  close(): void;
}

const QUESTIONS = new Set<AgentEvent['type']>([
  'approval_request',
  'tool_call_approval_request',
  'command_approval_request',
  'plan_request',
]);

/** The ports tools ask through: the gates themselves, with the shell's approver listening. */
export function answeredPorts(
  gates: ProjectGates,
  create?: CreateShellApprover,
  checks?: () => ApproverChecks | undefined,
): AnsweredPorts {
  const { broker } = gates.approvals;
  const port = gates.commands.port;
  if (!create)
    return {
      approvals: broker,
      commands: port,
      plans: gates.plans,
      release: () => undefined,
      close: () => undefined,
    };
  let approver: ShellApprover | null = null;
  let closed = false;
  const feed = (event: AgentEvent): void => {
    if (!approver && QUESTIONS.has(event.type) && !closed) approver = create(gates, checks?.());
    approver?.onEvent(event);
  };
  const heard = <C extends WriteCall>(call: C): C => ({
    ...call,
    emit: (event: AgentEvent) => {
      call.emit?.(event);
      feed(event);
    },
  });
  return {
    approvals: {
      request: (proposal, call) => broker.request(proposal, heard(call)),
      requestToolCall: async (proposal, call) => {
        const resolution = await broker.requestToolCall(proposal, heard(call));
        // "Always allow" travels with the approval to the tool, which saves it for its server.
        return resolution.outcome === 'approved' &&
          approver?.takeAlwaysAllowed?.(resolution.approvalId)
          ? { ...resolution, alwaysAllow: true }
          : resolution;
      },
      wouldAsk: (proposal) => broker.wouldAsk(proposal),
      heldBack: (proposal, call, held) => broker.heldBack(proposal, call, held),
      applied: (change) => broker.applied(change),
      failed: (approvalId, reason) => broker.failed(approvalId, reason),
    },
    commands: {
      ...port,
      gate: { request: (proposal, call) => port.gate.request(proposal, heard(call)) },
    },
    plans: {
      mode: () => gates.plans.mode(),
      requestPlan: (plan, call) => gates.plans.requestPlan(plan, heard(call)),
    },
    release() {
      approver?.close();
      approver = null;
    },
    close() {
      closed = true;
      approver?.close();
      approver = null;
    },
  };
}
