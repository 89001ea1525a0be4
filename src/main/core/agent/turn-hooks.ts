// The hooks of one turn (Claude Code's contract, DESIGN.md "Hooks"): SessionStart and
// UserPromptSubmit before the person's message is sent, Stop when the model ends its turn, and
// the calls of tool-hooks.ts around each tool. Every run is a step: a `hook_run` event, recorded
// with the turn. A hook that fails, times out or cannot be run never breaks the loop: its run
// says so and the turn goes on. `continue: false` from any hook ends the turn, said to the person.
import type { AgentEvent } from '../../../shared/agent-events';
import type { HookEvent, HookRun } from '../../../shared/hooks';
import type {
  HookCallContext,
  HookVerdict,
  ProjectHooks,
  ToolHookInput,
} from '../hooks/hooks-port';
import type { TurnRecorder } from '../store/conversation-records';
import {
  addedContextWords,
  blockedPromptWords,
  stopFeedbackWords,
  stoppedTurnWords,
  stopLimitWords,
} from './hook-verdict-words';

export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';

/** How often Stop hooks may send the turn back to the model before it ends anyway. */
export const MAX_STOP_BLOCKS = 3;

export interface TurnHooksOptions {
  readonly hooks: ProjectHooks;
  readonly conversationId: string;
  readonly turnId: string;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
  readonly recorder?: TurnRecorder | undefined;
}

/** The turn ends before Claude is asked (or asked again), with words for the person. */
export interface TurnHalt {
  readonly halt: true;
  /** The `error` event's kind: hook_blocked, hook_stopped or hook_stop_limit. */
  readonly kind: 'hook_blocked' | 'hook_stopped' | 'hook_stop_limit';
  readonly message: string;
}

/** What the hooks before the person's message came to: go on, with context for the model. */
export interface TurnOpening {
  readonly halt: false;
  /** Text blocks added to the message the model reads (not shown as the person's text). */
  readonly context: readonly string[];
}

/** What the Stop hooks came to: end, or send `feedback` to the model and go on. */
export type StopOutcome = { readonly halt: false; readonly feedback: string | null } | TurnHalt;

export class TurnHooks {
  private stopBlocks = 0;
  /** Set by a hook's `continue: false` during tool calls; the loop ends the turn after them. */
  stopRequest: TurnHalt | null = null;

  constructor(private readonly options: TurnHooksOptions) {}

  private get context(): HookCallContext {
    const { conversationId, turnId, signal } = this.options;
    return { conversationId, turnId, signal };
  }

  /**
   * Runs one event's hooks. A throw (a broken hook runner) becomes a failed run the person
   * reads, and the verdict says nothing; every run becomes a step.
   */
  async call(
    event: HookEvent,
    run: (context: HookCallContext) => Promise<HookVerdict>,
    about?: { toolUseId: string; toolName: string },
  ): Promise<HookVerdict> {
    const started = performance.now();
    let verdict: HookVerdict;
    try {
      verdict = await run(this.context);
    } catch (error) {
      const failed: HookRun = {
        hookId: '',
        source: 'person',
        event,
        command: '',
        ...(about ? { toolName: about.toolName } : {}),
        outcome: 'failed',
        exitCode: null,
        ms: Math.round(performance.now() - started),
        output: '',
        reason: `Sluice could not run the ${event} hooks: ${error instanceof Error ? error.message : String(error)}`,
      };
      verdict = { decision: 'none', runs: [failed] };
    }
    this.report(verdict, about?.toolUseId);
    return verdict;
  }

  /** Each run as a step; the verdict's message for the person rides on its last run. */
  private report(verdict: HookVerdict, toolUseId: string | undefined): void {
    const { conversationId, turnId, emit, recorder } = this.options;
    verdict.runs.forEach((run, index) => {
      const message =
        index === verdict.runs.length - 1 ? verdict.systemMessage?.trim() || undefined : undefined;
      const step = { ...(toolUseId ? { toolUseId } : {}), ...(message ? { message } : {}) };
      try {
        recorder?.hookRun(run, turnId, step);
      } catch {
        // The recorder must not throw; a broken store never stops the turn.
      }
      emit({ type: 'hook_run', conversationId, turnId, ...step, run });
    });
  }

  /** SessionStart (when the conversation starts, resumes, was cleared or compacted), then UserPromptSubmit. */
  async opening(
    source: SessionStartSource | undefined,
    prompt: string | undefined,
  ): Promise<TurnOpening | TurnHalt> {
    const context: string[] = [];
    if (source) {
      const verdict = await this.call('SessionStart', (c) =>
        this.options.hooks.sessionStart(source, c),
      );
      if (verdict.stop) return this.halt('hook_stopped', stoppedTurnWords(verdict, 'SessionStart'));
      const added = addedContextWords(verdict, 'SessionStart');
      if (added) context.push(added);
    }
    if (prompt !== undefined) {
      const verdict = await this.call('UserPromptSubmit', (c) =>
        this.options.hooks.userPromptSubmit(prompt, c),
      );
      if (verdict.stop)
        return this.halt('hook_stopped', stoppedTurnWords(verdict, 'UserPromptSubmit'));
      if (verdict.decision === 'block')
        return this.halt('hook_blocked', blockedPromptWords(verdict));
      const added = addedContextWords(verdict, 'UserPromptSubmit');
      if (added) context.push(added);
    }
    return { halt: false, context };
  }

  /** Stop: a block sends its reason back (at most MAX_STOP_BLOCKS times), else the turn ends. */
  async stop(): Promise<StopOutcome> {
    const active = this.stopBlocks > 0;
    const verdict = await this.call('Stop', (c) => this.options.hooks.stop(active, c));
    if (verdict.stop) return this.halt('hook_stopped', stoppedTurnWords(verdict, 'Stop'));
    if (verdict.decision !== 'block') return { halt: false, feedback: null };
    if (this.stopBlocks >= MAX_STOP_BLOCKS)
      return this.halt('hook_stop_limit', stopLimitWords(verdict, MAX_STOP_BLOCKS));
    this.stopBlocks += 1;
    return { halt: false, feedback: stopFeedbackWords(verdict) };
  }

  preToolUse(input: ToolHookInput): Promise<HookVerdict> {
    return this.call('PreToolUse', (c) => this.options.hooks.preToolUse(input, c), {
      toolUseId: input.toolUseId,
      toolName: input.toolName,
    }).then((verdict) => this.noteStop(verdict, 'PreToolUse'));
  }

  postToolUse(input: ToolHookInput & { readonly toolResponse: unknown }): Promise<HookVerdict> {
    return this.call('PostToolUse', (c) => this.options.hooks.postToolUse(input, c), {
      toolUseId: input.toolUseId,
      toolName: input.toolName,
    }).then((verdict) => this.noteStop(verdict, 'PostToolUse'));
  }

  private noteStop(verdict: HookVerdict, event: HookEvent): HookVerdict {
    if (verdict.stop && !this.stopRequest)
      this.stopRequest = this.halt('hook_stopped', stoppedTurnWords(verdict, event));
    return verdict;
  }

  private halt(kind: TurnHalt['kind'], message: string): TurnHalt {
    return { halt: true, kind, message };
  }
}
