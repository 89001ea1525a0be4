// What the engine's hooks offer the rest of the core: one call per event, each answering what
// the hooks decided together with the record of every run. The agent loop calls these around
// tool calls and turns; the evidence calls the proposal hooks on the project as proposed.
import type { HookDefinition, HookEvent, HookRun } from '../../../shared/hooks';

/** Where and for whom a hook runs. */
export interface HookCallContext {
  /** The conversation (`session_id` in the hook's input). */
  readonly conversationId: string;
  readonly turnId?: string;
  readonly signal: AbortSignal;
}

/** What one hook said, read from its exit code and its JSON answer on stdout. */
export interface HookAnswer {
  /**
   * `block`: exit 2, `decision: "block"`, or PreToolUse `permissionDecision: "deny"`;
   * `ask`: PreToolUse `permissionDecision: "ask"`; `allow`: PreToolUse `"allow"` (recorded, never
   * a bypass of the approval gate); `none`: nothing said.
   */
  readonly decision: 'none' | 'allow' | 'ask' | 'block';
  /** The reason the model (or, for a prompt, the person) reads. */
  readonly reason?: string;
  /** Text added to what the model reads (`additionalContext`, or plain stdout where Claude Code adds it). */
  readonly additionalContext?: string;
  /** `continue: false` with its `stopReason`: the turn ends, said to the person. */
  readonly stop?: { readonly reason: string };
  /** A message for the person (`systemMessage`), shown, never sent to the model. */
  readonly systemMessage?: string;
}

/** The hooks of one event, run in order for one call; every run is in `runs`. */
export interface HookVerdict extends HookAnswer {
  readonly runs: readonly HookRun[];
}

export interface ToolHookInput {
  /** Sluice's tool name; a Claude Code matcher (`Edit`, `Bash`…) matches its equivalent. */
  readonly toolName: string;
  readonly toolInput: unknown;
  readonly toolUseId: string;
}

export interface ProjectHooks {
  /** The person's hooks and the project's, the project's with their trust. */
  list(): readonly HookDefinition[];
  /** What is wrong with `.sluice/hooks.json` (unreadable, not JSON, not the shape), in words. */
  problems(): readonly string[];
  /** Before a tool runs (not a write tool: those run on the proposed text, as evidence). */
  preToolUse(input: ToolHookInput, context: HookCallContext): Promise<HookVerdict>;
  /** After a tool ran, with its result as `tool_response`. */
  postToolUse(
    input: ToolHookInput & { readonly toolResponse: unknown },
    context: HookCallContext,
  ): Promise<HookVerdict>;
  /** Before a prompt is sent: may block it, or add context. */
  userPromptSubmit(prompt: string, context: HookCallContext): Promise<HookVerdict>;
  /** When the model ends its turn: a block sends the reason back and the turn goes on. */
  stop(stopHookActive: boolean, context: HookCallContext): Promise<HookVerdict>;
  /** A conversation starts, resumes or is cleared: may add context. */
  sessionStart(
    source: 'startup' | 'resume' | 'clear' | 'compact',
    context: HookCallContext,
  ): Promise<HookVerdict>;
  /** The PreToolUse hooks that run on a write tool's proposed text (approved ones only). */
  proposalHooks(toolName: string): readonly HookDefinition[];
  /** Keeps a proposal hook's run in the audit trail and tells `onRun` listeners, as live runs are. */
  recordProposalRun(run: HookRun, conversationId: string | null): void;
  /** Hears every run as it finishes (steps, the audit trail). Returns the unsubscribe. */
  onRun(listener: (run: HookRun, context: HookCallContext) => void): () => void;
  /** Reads the person's and the project's hooks again (after a change in Settings or on disk). */
  reload(): void;
}

/** A hook added by the person: for this project, or for every project. */
export interface NewPersonHook {
  readonly event: HookEvent;
  readonly matcher?: string | null;
  readonly command: string;
  readonly timeoutSeconds?: number;
  readonly scope: 'project' | 'everywhere';
}

/** A run kept in the audit trail. */
export interface RecordedHookRun extends HookRun {
  readonly at: string;
  readonly conversationId: string | null;
}

/**
 * What Settings and `sluice hooks` do with the hooks. Ids may be given whole or by a unique
 * start; an unknown or ambiguous one throws an Error whose message says so in words.
 */
export interface HookManagement {
  add(hook: NewPersonHook): HookDefinition;
  /** Removes one of the person's hooks (a project's hook is removed from its file, not here). */
  remove(id: string): HookDefinition;
  /** Approves a project hook as it is now (pinned by its content hash). */
  approve(id: string): HookDefinition;
  /** Runs the hooks of `event` that match, with a sample input, as a turn would; recorded. */
  test(
    event: HookEvent,
    sample: { readonly toolName?: string; readonly toolInput?: unknown; readonly prompt?: string },
    signal: AbortSignal,
  ): Promise<HookVerdict>;
  /** The latest runs of this project's hooks, newest first. */
  recentRuns(limit: number): readonly RecordedHookRun[];
}

/** No hooks at all: every call answers `none` at once. */
export const NO_HOOKS: ProjectHooks = {
  list: () => [],
  problems: () => [],
  preToolUse: () => Promise.resolve({ decision: 'none', runs: [] }),
  postToolUse: () => Promise.resolve({ decision: 'none', runs: [] }),
  userPromptSubmit: () => Promise.resolve({ decision: 'none', runs: [] }),
  stop: () => Promise.resolve({ decision: 'none', runs: [] }),
  sessionStart: () => Promise.resolve({ decision: 'none', runs: [] }),
  proposalHooks: () => [],
  recordProposalRun: () => undefined,
  onRun: () => () => undefined,
  reload: () => undefined,
};

export type { HookEvent };
