// The approval gate for run_command: parses the command line once, consults the command
// policy (rules read fresh from the app DB for every request) and, when it says ask, keeps the
// request pending until the person decides: run once, always allow (saves a rule per suggested
// prefix), edit the command (deny rules and read-only mode still apply to the edit), or reject
// with a reason; a decision to run may also set the network of this one run (off, a host list
// or full; a host list or off only inside the sandbox). The request waits in the project's
// approval registry (shared with file and MCP approvals): a decision counts once, for a
// pending id, bound to the command's hash; abort resolves it as rejected. Approval events go to
// the turn's own emitter (ctx.emit). A decision to run carries the plan (command-plan.ts): the
// parse the policy judged and the network it gets, so the tool runs it without a second look.
import { createHash } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalMode, DecisionSource } from '../../../shared/approvals';
import type {
  CommandApprovalRequest,
  CommandDecision,
  CommandRule,
} from '../../../shared/command-approvals';
import { missingCase } from '../../../shared/missing-case';
import { hostNames, planFromGrant, type NetworkPlan } from '../shell/command-network';
import { parseProposed, planCommand, type CommandPlan } from '../shell/command-plan';
import { evaluateCommandPolicy, type CommandVerdict } from '../shell/command-policy';
import { proposedWrites } from './proposed-writes';
import type { ParsedCommandLine } from '../shell/shell-parser';
import type { ApprovalAudit } from '../store/approval-audit-records';
import {
  requestEventFields,
  resolvedEvent,
  waitingTurn,
  type ApprovalRegistry,
} from '../approvals/approval-registry';
import { gateBasics } from '../approvals/gate-basics';
import { callListener } from '../approvals/call-listener';
import type { CommandCall, CommandProposal, CommandResolution } from './command-resolution';
import { callOrigin } from '../approvals/approval-port';

export type { CommandCall, CommandProposal, CommandResolution } from './command-resolution';

export interface CommandPolicyState {
  readonly mode: ApprovalMode;
  readonly rules: readonly CommandRule[];
}

export interface CommandGateDeps {
  /** Read fresh for every request: the app DB, never the project folder. */
  readonly policy: () => CommandPolicyState;
  /** Saves an allow rule (the person's "always allow"). */
  readonly addAllowRule: (prefix: string[]) => void;
  readonly audit?: ApprovalAudit | undefined;
  /** The project's one registry of waiting decisions (shared with the approval broker). */
  readonly registry?: ApprovalRegistry;
  readonly newId?: () => string;
  readonly now?: () => number;
}

export interface PendingCommand extends CommandApprovalRequest {
  readonly conversationId: string;
  readonly turnId: string;
}

export type CommandDecideResult = { accepted: true } | { accepted: false; reason: string };

/** A command waiting in the registry: what lists show, and what a decision runs. */
interface WaitingCommand {
  readonly request: PendingCommand;
  readonly proposal: CommandProposal;
  /** The line as proposed, parsed once, with the network the card shows. */
  readonly plan: CommandPlan;
}

export function commandHash(p: {
  command: string;
  cwdRelative: string;
  network: boolean;
  sandboxed: boolean;
  networkHosts?: readonly string[] | undefined;
}): string {
  const fields: unknown[] = [p.command, p.cwdRelative, p.network, p.sandboxed];
  if (p.networkHosts?.length) fields.push([...p.networkHosts]);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export class CommandApprovalGate {
  private readonly registry: ApprovalRegistry;
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(private readonly deps: CommandGateDeps) {
    ({ registry: this.registry, newId: this.newId, now: this.now } = gateBasics(deps));
  }

  /** The policy's verdict on a command line, without asking anyone. */
  async evaluate(proposal: CommandProposal, command = proposal.command): Promise<CommandVerdict> {
    return this.judge(proposal, await parseProposed(proposal, command));
  }

  /** Who denied: a deny rule, or the mode (read-only, or plan mode until a plan is approved). */
  private deniedBy(verdict: CommandVerdict): 'rule' | 'read-only' | 'plan' {
    if (verdict.decidedBy !== 'mode') return 'rule';
    return this.deps.policy().mode === 'plan' ? 'plan' : 'read-only';
  }

  private judge(proposal: CommandProposal, parsed: ParsedCommandLine): CommandVerdict {
    const { mode, rules } = this.deps.policy();
    const verdict = evaluateCommandPolicy({ mode, rules, sandboxed: proposal.sandboxed }, parsed);
    // Network for a command is the person's call each time: no rule grants it.
    if (verdict.action === 'allow' && proposal.network)
      return {
        ...verdict,
        action: 'ask',
        decidedBy: 'mode',
        reason: 'the command asks for network access, which only the person grants',
      };
    // A hook that asked for the person: no rule lets the command run unseen.
    if (verdict.action === 'allow' && proposal.hookAsk)
      return { ...verdict, action: 'ask', decidedBy: 'mode', reason: proposal.hookAsk };
    return verdict;
  }

  async request(proposal: CommandProposal, call: CommandCall): Promise<CommandResolution> {
    const plan = await planCommand(proposal, proposal.command);
    const verdict = this.judge(proposal, plan.parsed);
    const approvalId = this.newId();
    const hash = commandHash({ ...proposal, networkHosts: hostNames(plan.network) });
    this.deps.audit?.recordProposal({
      approvalId,
      ...callOrigin(call),
      tool: 'run_command',
      path: proposal.cwdRelative || '.',
      baseHash: '',
      proposalHash: hash,
      afterHash: createHash('sha256').update(proposal.command).digest('hex'),
      description: proposal.description,
      unifiedDiff: proposal.command,
      policyAction: verdict.action,
      policyReason: verdict.reason,
      protectedPath: false,
      coarseDiff: false,
      createdAt: this.now(),
    });
    switch (verdict.action) {
      case 'deny':
        return this.record({
          approvalId,
          outcome: 'denied',
          decidedBy: verdict.decidedBy,
          reason: verdict.reason,
          deniedBy: this.deniedBy(verdict),
        });
      case 'allow':
        // Nobody was asked; the stream still says which rule let it run (the terminal shows it).
        callListener(() =>
          call.emit?.({
            type: 'approval_resolved',
            ...waitingTurn(call),
            approvalId,
            outcome: 'approved',
            decidedBy: 'rule',
            reason: verdict.reason,
          }),
        );
        return this.record({
          approvalId,
          outcome: 'approved',
          decidedBy: 'rule',
          reason: verdict.reason,
          plan,
        });
      case 'ask':
        return this.ask(approvalId, hash, { request: proposal, plan }, verdict, call).then(
          async (resolution) =>
            resolution.outcome === 'rejected'
              ? {
                  ...resolution,
                  policyReason: verdict.reason,
                  allowedAlone: await this.allowedAlone(proposal, verdict),
                }
              : resolution,
        );
      default:
        return missingCase(verdict.action);
    }
  }

  /** The parts the verdict found allowed that would indeed run unasked as the whole line. */
  private async allowedAlone(
    proposal: CommandProposal,
    verdict: CommandVerdict,
  ): Promise<string[]> {
    const alone: string[] = [];
    for (const part of verdict.allowedAlone ?? []) {
      if (part === proposal.command) continue;
      if ((await this.evaluate(proposal, part)).action === 'allow') alone.push(part);
    }
    return alone;
  }

  private record(resolution: CommandResolution): CommandResolution {
    this.registry.decidedWithoutAsking(resolution.approvalId);
    this.deps.audit?.recordDecision({
      approvalId: resolution.approvalId,
      outcome: resolution.outcome,
      decidedBy: resolution.decidedBy,
      decision: null,
      finalHash:
        'plan' in resolution
          ? createHash('sha256').update(resolution.plan.command).digest('hex')
          : null,
      decidedAt: this.now(),
    });
    return resolution;
  }

  private ask(
    approvalId: string,
    hash: string,
    proposed: { request: CommandProposal; plan: CommandPlan },
    verdict: CommandVerdict,
    call: CommandCall,
  ): Promise<CommandResolution> {
    const { request: proposal, plan } = proposed;
    const networkHosts = hostNames(plan.network);
    const emit = (event: AgentEvent): void => callListener(() => call.emit?.(event));
    const writes = proposedWrites(proposal.root, verdict.writes ?? []);
    const request: PendingCommand = {
      approvalId,
      commandHash: hash,
      command: proposal.command,
      cwd: proposal.cwdRelative,
      description: proposal.description,
      sandboxed: proposal.sandboxed,
      sandboxDetail: proposal.sandboxDetail,
      ...(proposal.sandboxName ? { sandboxName: proposal.sandboxName } : {}),
      network: proposal.network,
      ...(networkHosts.length ? { networkHosts } : {}),
      timeoutSeconds: proposal.timeoutSeconds,
      reason: verdict.reason,
      suggestedPrefixes: verdict.suggestedPrefixes.map((p) => [...p]),
      ...(writes.length ? { proposedWrites: writes } : {}),
      ...waitingTurn(call),
    };
    return this.registry.wait<WaitingCommand, CommandResolution>({
      kind: 'command',
      approvalId,
      hash,
      request: { request, proposal, plan },
      signal: call.signal,
      aborted: (reason) => ({ approvalId, outcome: 'rejected', decidedBy: 'abort', reason }),
      onSettled: (resolution) => {
        this.record(resolution);
        emit(resolvedEvent(request, approvalId, resolution));
      },
      announce: () =>
        emit({ type: 'command_approval_request', ...requestEventFields(request, call.toolUseId) }),
    });
  }

  private settle(approvalId: string, resolution: CommandResolution): void {
    this.registry.settle(approvalId, resolution);
  }

  /** The person's decision (or `--yes`). Refused unless pending, first, and bound to the hash. */
  async decide(
    input: { approvalId: string; commandHash: string; decision: CommandDecision },
    decidedBy: DecisionSource = 'person',
  ): Promise<CommandDecideResult> {
    const found = this.registry.lookup<WaitingCommand>(
      'command',
      input.approvalId,
      input.commandHash,
    );
    if ('refused' in found) return { accepted: false, reason: found.refused };
    const entry = found.request;
    const { approvalId } = input;
    const decision = input.decision;
    const grant = decision.type === 'reject' ? undefined : decision.network;
    // The person's network choice, checked here once; the plan carries it to the process.
    let chosen: NetworkPlan | undefined;
    if (grant) {
      if (!entry.proposal.sandboxed && grant.type !== 'full')
        return {
          accepted: false,
          reason:
            'this command would run outside the sandbox, where its network cannot be limited: run it as it is or reject it.',
        };
      const granted = planFromGrant(grant);
      if (typeof granted === 'string') return { accepted: false, reason: `${granted}.` };
      chosen = granted;
    }
    const withChoice = (plan: CommandPlan): CommandPlan =>
      chosen ? { ...plan, network: chosen, networkChosen: true } : plan;
    switch (decision.type) {
      case 'run_once':
        this.settle(approvalId, {
          approvalId,
          outcome: 'approved',
          decidedBy,
          reason: 'approved to run once',
          plan: withChoice(entry.plan),
        });
        return { accepted: true };
      case 'always_allow': {
        const prefixes = entry.request.suggestedPrefixes;
        if (!prefixes.length)
          return {
            accepted: false,
            reason:
              'this command cannot be allowed always (no sandbox, or a part no rule may judge); run it once instead.',
          };
        for (const prefix of prefixes) this.deps.addAllowRule(prefix);
        this.settle(approvalId, {
          approvalId,
          outcome: 'approved',
          decidedBy,
          reason: `approved; always allowed from now on: ${prefixes.map((p) => p.join(' ')).join(', ')}`,
          plan: withChoice(entry.plan),
        });
        return { accepted: true };
      }
      case 'edit': {
        const command = decision.command.trim();
        if (!command || command.includes('\0'))
          return { accepted: false, reason: 'the edited command is empty or contains a NUL byte.' };
        const edited = await planCommand(entry.proposal, command);
        const verdict = this.judge(entry.proposal, edited.parsed);
        if (!this.registry.isWaiting(approvalId))
          return { accepted: false, reason: `approval ${approvalId} was decided meanwhile.` };
        this.settle(
          approvalId,
          verdict.action === 'deny'
            ? {
                approvalId,
                outcome: 'denied',
                decidedBy: verdict.decidedBy,
                reason: verdict.reason,
                deniedBy: this.deniedBy(verdict),
              }
            : {
                approvalId,
                outcome: 'edited',
                decidedBy,
                // An edited command gets the rules' hosts for itself, unless the person chose.
                plan: withChoice(edited),
              },
        );
        return { accepted: true };
      }
      case 'reject':
        this.settle(approvalId, {
          approvalId,
          outcome: 'rejected',
          decidedBy,
          reason: decision.reason,
        });
        return { accepted: true };
      default:
        return missingCase(decision);
    }
  }

  pending(): PendingCommand[] {
    return this.registry.pending<WaitingCommand>('command').map((e) => e.request);
  }

  abortAll(reason = 'Sluice stopped waiting for this approval'): number {
    return this.registry.abortAll(['command'], (approvalId): CommandResolution => ({
      approvalId,
      outcome: 'rejected',
      decidedBy: 'abort',
      reason,
    }));
  }
}
