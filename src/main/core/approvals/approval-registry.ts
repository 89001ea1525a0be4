// One registry of the decisions that wait for the person: file writes, commands, MCP tool
// calls and plans alike. It owns what they have in common — a request waits under its id
// and hash, is decided once, ends as aborted when its turn is aborted or the project closes,
// and a late or repeated decision is refused by name — and knows the kinds only as data (what
// a refusal calls them). What a decision means stays with each kind's gate: the broker for
// files and MCP calls, the command gate for commands, the plan gate for plans; one project
// shares one registry.

import type { AgentEventOf } from '../../../shared/agent-events';
import type { DecisionSource } from '../../../shared/approvals';
import { callListener } from './call-listener';

export type ApprovalKind = 'file' | 'command' | 'mcp' | 'plan';

type ResolvedOutcome = AgentEventOf<'approval_resolved'>['outcome'];

/** The `approval_resolved` event for a wait's end, in its request's conversation and turn. */
export function resolvedEvent(
  request: WaitingTurn,
  approvalId: string,
  resolution: Parameters<typeof resolvedOutcome>[0],
): AgentEventOf<'approval_resolved'> {
  return {
    type: 'approval_resolved',
    conversationId: request.conversationId,
    turnId: request.turnId,
    approvalId,
    outcome: resolvedOutcome(resolution),
    decidedBy: resolution.decidedBy,
  };
}

/** The conversation and turn a waiting request belongs to, as its events and lists carry them. */
export interface WaitingTurn {
  readonly conversationId: string;
  readonly turnId: string;
}

/** A call's conversation and turn for its waiting request ('' when it came from none). */
export function waitingTurn(call: {
  readonly conversationId?: string | undefined;
  readonly turnId?: string | undefined;
}): WaitingTurn {
  return { conversationId: call.conversationId ?? '', turnId: call.turnId ?? '' };
}

/**
 * The fields of a request event (`approval_request`, `command_approval_request`, …) for a
 * waiting request: its conversation and turn lifted out of it, and the tool call (step) that
 * waits for it when it came from one.
 */
export function requestEventFields<R extends WaitingTurn>(
  pending: R,
  toolUseId: string | undefined,
): WaitingTurn & { toolUseId?: string; request: Omit<R, keyof WaitingTurn> } {
  const { conversationId, turnId, ...request } = pending;
  return { conversationId, turnId, ...(toolUseId ? { toolUseId } : {}), request };
}

/** What `approval_resolved` says of a wait's end: an abort reads as aborted, a denial as rejected. */
export function resolvedOutcome(resolution: {
  readonly outcome: Exclude<ResolvedOutcome, 'aborted'> | 'denied';
  readonly decidedBy: DecisionSource;
}): ResolvedOutcome {
  if (resolution.decidedBy === 'abort') return 'aborted';
  return resolution.outcome === 'denied' ? 'rejected' : resolution.outcome;
}

/** What a refused decision calls each kind, in words for a person. */
const KINDS: Record<ApprovalKind, { noun: string; mismatch: string }> = {
  file: {
    noun: 'approval',
    mismatch:
      'the decision is for a different proposal (hash mismatch): it is stale; review the current proposal.',
  },
  command: {
    noun: 'command approval',
    mismatch: 'the decision is for a different command (hash mismatch): review the current one.',
  },
  mcp: {
    noun: 'tool call',
    mismatch: 'the decision is for a different call (hash mismatch): review the current one.',
  },
  plan: {
    noun: 'plan',
    mismatch: 'the decision is for a different plan (hash mismatch): review the current one.',
  },
};

/** Decided ids remembered, so a repeated decision is named as such (bounded). */
const MAX_REMEMBERED_DECISIONS = 10_000;

interface Waiting {
  readonly kind: ApprovalKind;
  readonly hash: string;
  readonly request: unknown;
  readonly finish: (resolution: unknown) => void;
}

export interface WaitOptions<Req, Res> {
  readonly kind: ApprovalKind;
  readonly approvalId: string;
  /** The hash a decision must name: the proposal, command or call it was shown. */
  readonly hash: string;
  /** What pending lists show (the request with its conversation and turn). */
  readonly request: Req;
  /** The calling turn's signal: aborting it ends the wait as aborted. */
  readonly signal: AbortSignal;
  /** The resolution an abort ends the wait with. */
  readonly aborted: (reason: string) => Res;
  /** Runs once with the resolution before the wait resolves (audit, the resolved event). */
  readonly onSettled: (resolution: Res) => void;
  /** Shows the request (its event). Runs after registration; a throw is contained. */
  readonly announce: () => void;
}

export type Lookup<Req> = { readonly request: Req } | { readonly refused: string };

export class ApprovalRegistry {
  private readonly waiting = new Map<string, Waiting>();
  private readonly decided = new Set<string>();

  /** Registers a request and waits for its decision (or an abort). Never rejects. */
  wait<Req, Res>(options: WaitOptions<Req, Res>): Promise<Res> {
    const { approvalId, signal } = options;
    return new Promise<Res>((resolve) => {
      const onAbort = (): void => {
        this.settle(approvalId, options.aborted('the turn was aborted'));
      };
      this.waiting.set(approvalId, {
        kind: options.kind,
        hash: options.hash,
        request: options.request,
        finish: (resolution) => {
          signal.removeEventListener('abort', onAbort);
          try {
            options.onSettled(resolution as Res);
          } finally {
            resolve(resolution as Res);
          }
        },
      });
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      // A listener that throws loses the event; the request stays pending and decidable.
      callListener(options.announce);
    });
  }

  /** An id decided without waiting (a rule or the mode): a later decision for it is a repeat. */
  decidedWithoutAsking(approvalId: string): void {
    this.remember(approvalId);
  }

  kindOf(approvalId: string): ApprovalKind | undefined {
    return this.waiting.get(approvalId)?.kind;
  }

  /** The waiting request a decision names, or why that decision is refused. */
  lookup<Req>(kind: ApprovalKind, approvalId: string, hash: string): Lookup<Req> {
    const entry = this.waiting.get(approvalId);
    if (!entry || entry.kind !== kind)
      return {
        refused: this.decided.has(approvalId)
          ? `approval ${approvalId} was already decided; a decision counts once.`
          : `no pending ${KINDS[kind].noun} has id ${approvalId}.`,
      };
    if (entry.hash !== hash) return { refused: KINDS[kind].mismatch };
    return { request: entry.request as Req };
  }

  /** Replaces what lists show for a waiting request (a late check's evidence). */
  update<Req>(approvalId: string, change: (request: Req) => Req): void {
    const entry = this.waiting.get(approvalId);
    if (entry) this.waiting.set(approvalId, { ...entry, request: change(entry.request as Req) });
  }

  isWaiting(approvalId: string): boolean {
    return this.waiting.has(approvalId);
  }

  /** Ends a wait with its resolution. False when it was not waiting (decided meanwhile). */
  settle(approvalId: string, resolution: unknown): boolean {
    const entry = this.waiting.get(approvalId);
    if (!entry) return false;
    this.waiting.delete(approvalId);
    this.remember(approvalId);
    entry.finish(resolution);
    return true;
  }

  /** The requests of one kind still waiting, oldest first. */
  pending<Req>(kind: ApprovalKind): Req[] {
    return [...this.waiting.values()]
      .filter((entry) => entry.kind === kind)
      .map((entry) => entry.request as Req);
  }

  /** Ends every wait of the given kinds as aborted (shutdown, project closed). */
  abortAll(kinds: readonly ApprovalKind[], abort: (approvalId: string) => unknown): number {
    const ids = [...this.waiting]
      .filter(([, entry]) => kinds.includes(entry.kind))
      .map(([id]) => id);
    for (const id of ids) this.settle(id, abort(id));
    return ids.length;
  }

  private remember(approvalId: string): void {
    this.decided.add(approvalId);
    if (this.decided.size > MAX_REMEMBERED_DECISIONS) {
      const oldest = this.decided.values().next().value;
      if (oldest !== undefined) this.decided.delete(oldest);
    }
  }
}
