// The approval gate for run_command (issue 13): parses the command line, consults the command
// policy (rules read fresh from the app DB for every request) and, when it says ask, keeps the
// request pending until the person decides: run once, always allow (saves a rule per suggested
// prefix), edit the command (deny rules and read-only mode still apply to the edit), or reject
// with a reason; a decision to run may also set the network of this one run (off, a host list
// or full; a host list or off only inside the sandbox). A decision counts once, for a pending id, bound to the command's hash; abort
// resolves it as rejected. Approval events go to the turn's own emitter (ctx.emit).
import { createHash, randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalMode, DecisionSource } from '../../../shared/approvals';
import type {
  CommandApprovalRequest,
  CommandDecision,
  CommandRule,
  NetworkGrant,
} from '../../../shared/command-approvals';
import { missingCase } from '../../../shared/missing-case';
import { planFromGrant } from '../commands/command-network';
import { evaluateCommandPolicy, type CommandVerdict } from '../commands/command-policy';
import { loadShellParser } from '../commands/shell-grammar';
import { parseCommandLine } from '../commands/shell-parser';
import type { ApprovalAudit } from './approval-audit';
import type { WriteCall } from './approval-port';

export interface CommandProposal {
  readonly command: string;
  /** Realpath of the project root and the absolute working folder inside it. */
  readonly root: string;
  readonly cwd: string;
  /** Working folder relative to the root, for the card ('' = root). */
  readonly cwdRelative: string;
  readonly description: string;
  readonly network: boolean;
  /** Without `network`: hosts reachable through the filtering proxy (network rules). */
  readonly networkHosts?: readonly string[] | undefined;
  readonly timeoutSeconds: number;
  readonly sandboxed: boolean;
  readonly sandboxDetail: string;
  /** The sandbox's name when sandboxed ("bubblewrap", "Seatbelt"), for "sandboxed (…)". */
  readonly sandboxName?: string;
}

export interface CommandCall extends WriteCall {
  readonly emit?: ((event: AgentEvent) => void) | undefined;
}

interface Decided {
  readonly approvalId: string;
  readonly decidedBy: DecisionSource;
}

/** The person's network choice for this run; absent: what the request showed. */
interface Granted {
  readonly network?: NetworkGrant | undefined;
}

export type CommandResolution =
  | (Decided &
      Granted & { readonly outcome: 'approved'; readonly command: string; readonly reason: string })
  | (Decided & Granted & { readonly outcome: 'edited'; readonly command: string })
  | (Decided & { readonly outcome: 'rejected'; readonly reason?: string | undefined })
  | (Decided & { readonly outcome: 'denied'; readonly reason: string });

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
  readonly newId?: () => string;
  readonly now?: () => number;
}

export interface PendingCommand extends CommandApprovalRequest {
  readonly conversationId: string;
  readonly turnId: string;
}

export type CommandDecideResult = { accepted: true } | { accepted: false; reason: string };

interface Entry {
  readonly request: PendingCommand;
  readonly proposal: CommandProposal;
  readonly settle: (resolution: CommandResolution) => void;
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
  private readonly pendingById = new Map<string, Entry>();
  private readonly decided = new Set<string>();
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(private readonly deps: CommandGateDeps) {
    this.newId = deps.newId ?? (() => randomUUID());
    this.now = deps.now ?? (() => Date.now());
  }

  /** The policy's verdict on a command line, without asking anyone. */
  async evaluate(proposal: CommandProposal, command = proposal.command): Promise<CommandVerdict> {
    const parser = await loadShellParser();
    const parsed = parseCommandLine(parser, command, { root: proposal.root, cwd: proposal.cwd });
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
    return verdict;
  }

  async request(proposal: CommandProposal, call: CommandCall): Promise<CommandResolution> {
    const verdict = await this.evaluate(proposal);
    const approvalId = this.newId();
    const hash = commandHash(proposal);
    this.deps.audit?.recordProposal({
      approvalId,
      conversationId: call.conversationId ?? null,
      turnId: call.turnId ?? null,
      toolUseId: call.toolUseId ?? null,
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
        });
      case 'allow':
        // Nobody was asked; the stream still says which rule let it run (the terminal shows it).
        try {
          call.emit?.({
            type: 'approval_resolved',
            conversationId: call.conversationId ?? '',
            turnId: call.turnId ?? '',
            approvalId,
            outcome: 'approved',
            decidedBy: 'rule',
            reason: verdict.reason,
          });
        } catch {
          // A listener's failure does not change the decision.
        }
        return this.record({
          approvalId,
          outcome: 'approved',
          decidedBy: 'rule',
          command: proposal.command,
          reason: verdict.reason,
        });
      case 'ask':
        return this.ask(approvalId, hash, proposal, verdict, call);
      default:
        return missingCase(verdict.action);
    }
  }

  private record(resolution: CommandResolution): CommandResolution {
    this.decided.add(resolution.approvalId);
    this.deps.audit?.recordDecision({
      approvalId: resolution.approvalId,
      outcome: resolution.outcome,
      decidedBy: resolution.decidedBy,
      decision: null,
      finalHash:
        'command' in resolution
          ? createHash('sha256').update(resolution.command).digest('hex')
          : null,
      decidedAt: this.now(),
    });
    return resolution;
  }

  private ask(
    approvalId: string,
    hash: string,
    proposal: CommandProposal,
    verdict: CommandVerdict,
    call: CommandCall,
  ): Promise<CommandResolution> {
    const emit = (event: AgentEvent): void => {
      try {
        call.emit?.(event);
      } catch {
        // A listener's failure must not leave the request half-registered.
      }
    };
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
      ...(proposal.networkHosts?.length ? { networkHosts: [...proposal.networkHosts] } : {}),
      timeoutSeconds: proposal.timeoutSeconds,
      reason: verdict.reason,
      suggestedPrefixes: verdict.suggestedPrefixes.map((p) => [...p]),
      conversationId: call.conversationId ?? '',
      turnId: call.turnId ?? '',
    };
    return new Promise<CommandResolution>((resolve) => {
      const onAbort = (): void =>
        this.settle(approvalId, {
          approvalId,
          outcome: 'rejected',
          decidedBy: 'abort',
          reason: 'the turn was aborted',
        });
      this.pendingById.set(approvalId, {
        request,
        proposal,
        settle: (resolution) => {
          call.signal.removeEventListener('abort', onAbort);
          this.record(resolution);
          emit({
            type: 'approval_resolved',
            conversationId: request.conversationId,
            turnId: request.turnId,
            approvalId,
            outcome:
              resolution.decidedBy === 'abort'
                ? 'aborted'
                : resolution.outcome === 'denied'
                  ? 'rejected'
                  : resolution.outcome,
            decidedBy: resolution.decidedBy,
          });
          resolve(resolution);
        },
      });
      if (call.signal.aborted) {
        onAbort();
        return;
      }
      call.signal.addEventListener('abort', onAbort, { once: true });
      const { conversationId, turnId, ...shared } = request;
      emit({
        type: 'command_approval_request',
        conversationId,
        turnId,
        ...(call.toolUseId ? { toolUseId: call.toolUseId } : {}),
        request: shared,
      });
    });
  }

  private settle(approvalId: string, resolution: CommandResolution): void {
    const entry = this.pendingById.get(approvalId);
    if (!entry) return;
    this.pendingById.delete(approvalId);
    entry.settle(resolution);
  }

  /** The person's decision (or `--yes`). Refused unless pending, first, and bound to the hash. */
  async decide(
    input: { approvalId: string; commandHash: string; decision: CommandDecision },
    decidedBy: DecisionSource = 'person',
  ): Promise<CommandDecideResult> {
    const entry = this.pendingById.get(input.approvalId);
    if (!entry)
      return {
        accepted: false,
        reason: this.decided.has(input.approvalId)
          ? `approval ${input.approvalId} was already decided; a decision counts once.`
          : `no pending command approval has id ${input.approvalId}.`,
      };
    if (input.commandHash !== entry.request.commandHash)
      return {
        accepted: false,
        reason: 'the decision is for a different command (hash mismatch): review the current one.',
      };
    const { approvalId } = input;
    const decision = input.decision;
    const grant = decision.type === 'reject' ? undefined : decision.network;
    if (grant) {
      if (!entry.proposal.sandboxed && grant.type !== 'full')
        return {
          accepted: false,
          reason:
            'this command would run outside the sandbox, where its network cannot be limited: run it as it is or reject it.',
        };
      const plan = planFromGrant(grant);
      if (typeof plan === 'string') return { accepted: false, reason: `${plan}.` };
    }
    const network = grant ? { network: grant } : {};
    switch (decision.type) {
      case 'run_once':
        this.settle(approvalId, {
          approvalId,
          outcome: 'approved',
          decidedBy,
          command: entry.proposal.command,
          reason: 'approved to run once',
          ...network,
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
          command: entry.proposal.command,
          reason: `approved; always allowed from now on: ${prefixes.map((p) => p.join(' ')).join(', ')}`,
          ...network,
        });
        return { accepted: true };
      }
      case 'edit': {
        const command = decision.command.trim();
        if (!command || command.includes('\0'))
          return { accepted: false, reason: 'the edited command is empty or contains a NUL byte.' };
        const verdict = await this.evaluate(entry.proposal, command);
        if (!this.pendingById.has(approvalId))
          return { accepted: false, reason: `approval ${approvalId} was decided meanwhile.` };
        this.settle(
          approvalId,
          verdict.action === 'deny'
            ? {
                approvalId,
                outcome: 'denied',
                decidedBy: verdict.decidedBy,
                reason: verdict.reason,
              }
            : { approvalId, outcome: 'edited', decidedBy, command, ...network },
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
    return [...this.pendingById.values()].map((e) => e.request);
  }

  abortAll(reason = 'Sluice stopped waiting for this approval'): number {
    const ids = [...this.pendingById.keys()];
    for (const id of ids)
      this.settle(id, { approvalId: id, outcome: 'rejected', decidedBy: 'abort', reason });
    return ids.length;
  }
}
