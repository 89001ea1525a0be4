// How one hook's end is read, as Claude Code and Codex read it: exit 0 is success (its JSON
// answer, if stdout is one, says more; for UserPromptSubmit and SessionStart plain stdout is
// added as context); exit 2 blocks with stderr as the reason; any other exit is an error shown
// to the person that blocks nothing. The same reading serves a hook run here and one run
// elsewhere (a proposal's copy), so both are recorded alike.
import type { HookDefinition, HookEvent, HookRun } from '../../../shared/hooks';
import type { HookAnswer } from './hooks-port';
import { recordedHookOutput } from './hook-output';

/** Context added by one hook is cut to this many characters (as Claude Code does). */
export const MAX_HOOK_CONTEXT_CHARS = 10_000;

export interface HookExit {
  readonly hook: HookDefinition;
  /** The tool the run was about (Sluice's name), when it was about one. */
  readonly toolName?: string;
  /**
   * How it ended: on its own, killed at its timeout, stopped for printing too much, stopped
   * because the call was (the turn stopped, the project closed), or stopped for another reason
   * given in `stoppedBecause` (a memory or CPU ceiling).
   */
  readonly ended: 'exited' | 'timed_out' | 'output_over_limit' | 'aborted' | 'stopped';
  readonly stoppedBecause?: string;
  readonly exitCode: number | null;
  readonly signal?: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

export interface HookReading {
  readonly answer: HookAnswer;
  readonly run: HookRun;
}

/**
 * Whether a hook whose answer cannot be read (its input or output over the limit) blocks: where
 * the event stops something before it happens (a tool call, a prompt), an unread answer must
 * not let it through.
 */
export function failsClosed(event: HookEvent): boolean {
  return event === 'PreToolUse' || event === 'UserPromptSubmit';
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function boundedContext(text: string): string {
  return text.length <= MAX_HOOK_CONTEXT_CHARS
    ? text
    : `${text.slice(0, MAX_HOOK_CONTEXT_CHARS)}\n[cut: the hook gave ${text.length} characters of context; the first ${MAX_HOOK_CONTEXT_CHARS} are kept]`;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function parseAnswer(stdout: string): Record<string, unknown> | undefined {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const STRICTNESS = { none: 0, allow: 1, ask: 2, block: 3 } as const;

/** An exit 0 with a JSON answer on stdout: Claude Code's fields, the stricter one winning. */
function readJsonAnswer(event: HookEvent, json: Record<string, unknown>): HookAnswer {
  const specific =
    json.hookSpecificOutput !== null && typeof json.hookSpecificOutput === 'object'
      ? (json.hookSpecificOutput as Record<string, unknown>)
      : {};
  let decision: HookAnswer['decision'] = 'none';
  let reason: string | undefined;
  if (json.decision === 'block') {
    decision = 'block';
    reason = text(json.reason);
  } else if (json.decision === 'approve' && event === 'PreToolUse') {
    decision = 'allow';
    reason = text(json.reason);
  }
  if (event === 'PreToolUse') {
    const permission = specific.permissionDecision;
    const said =
      permission === 'deny'
        ? 'block'
        : permission === 'ask'
          ? 'ask'
          : permission === 'allow'
            ? 'allow'
            : 'none';
    if (said !== 'none' && STRICTNESS[said] > STRICTNESS[decision]) {
      decision = said;
      reason = text(specific.permissionDecisionReason);
    } else if (said !== 'none' && said === decision)
      reason ??= text(specific.permissionDecisionReason);
  }
  if (decision === 'block') reason ??= 'a hook blocked it without giving a reason';
  const context = text(specific.additionalContext);
  const systemMessage = text(json.systemMessage);
  const stop =
    json.continue === false
      ? { reason: text(json.stopReason) ?? 'a hook ended the turn without giving a reason' }
      : undefined;
  return {
    decision,
    ...(reason !== undefined ? { reason } : {}),
    ...(context !== undefined ? { additionalContext: boundedContext(context) } : {}),
    ...(stop ? { stop } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
  };
}

function readSuccess(event: HookEvent, stdout: string): HookAnswer {
  const json = parseAnswer(stdout);
  if (json) return readJsonAnswer(event, json);
  const plain = text(stdout);
  if (plain !== undefined && (event === 'UserPromptSubmit' || event === 'SessionStart'))
    return { decision: 'none', additionalContext: boundedContext(plain) };
  return { decision: 'none' };
}

function outcomeOf(answer: HookAnswer): HookRun['outcome'] {
  if (answer.decision === 'block' || answer.stop) return 'blocked';
  if (answer.decision === 'ask') return 'asked';
  return 'passed';
}

function read(exit: HookExit): { answer: HookAnswer; outcome: HookRun['outcome']; why?: string } {
  const { event, timeoutSeconds } = exit.hook;
  switch (exit.ended) {
    case 'timed_out':
      return {
        answer: { decision: 'none' },
        outcome: 'timed_out',
        why: `killed at its timeout of ${timeoutSeconds} s`,
      };
    case 'output_over_limit': {
      const closed = failsClosed(event);
      const why = `it printed more than Sluice reads from a hook, so it was stopped and its answer was not read${closed ? '; the call is blocked, since a hook that could not be read must not let it through' : ''}`;
      return closed
        ? { answer: { decision: 'block', reason: why }, outcome: 'blocked', why }
        : { answer: { decision: 'none' }, outcome: 'failed', why };
    }
    case 'aborted':
      return {
        answer: { decision: 'none' },
        outcome: 'failed',
        why: 'stopped before it finished: the call it was about was stopped, or the project closed',
      };
    case 'stopped':
      return {
        answer: { decision: 'none' },
        outcome: 'failed',
        why: `stopped: ${exit.stoppedBecause ?? 'Sluice ended it'}`,
      };
    case 'exited':
      break;
  }
  if (exit.exitCode === 0) {
    const answer = readSuccess(event, exit.stdout);
    const outcome = outcomeOf(answer);
    const why = answer.stop?.reason ?? (outcome === 'passed' ? undefined : answer.reason);
    return { answer, outcome, ...(why !== undefined ? { why } : {}) };
  }
  if (exit.exitCode === 2) {
    const said = text(exit.stderr);
    if (event === 'SessionStart')
      return {
        answer: { decision: 'none' },
        outcome: 'failed',
        why: `exited with 2, which cannot block a session's start${said ? `: ${firstLine(said)}` : ''}`,
      };
    const reason = said ?? 'the hook exited with 2 and gave no reason';
    return { answer: { decision: 'block', reason }, outcome: 'blocked', why: reason };
  }
  const how =
    exit.exitCode === null
      ? `ended by signal ${exit.signal ?? 'unknown'}`
      : `exited with ${exit.exitCode}`;
  const said = firstLine(exit.stderr);
  return {
    answer: { decision: 'none' },
    outcome: 'failed',
    why: `${how}${said ? `: ${said}` : ''} (an error, not a block: only exit 2 blocks)`,
  };
}

/** Reads how a hook ended into what it said and the record of its run. */
export function readHookExit(exit: HookExit): HookReading {
  const { answer, outcome, why } = read(exit);
  const run: HookRun = {
    hookId: exit.hook.id,
    source: exit.hook.source,
    event: exit.hook.event,
    command: exit.hook.command,
    ...(exit.toolName !== undefined ? { toolName: exit.toolName } : {}),
    outcome,
    exitCode: exit.exitCode,
    ms: Math.max(0, Math.round(exit.ms)),
    output: recordedHookOutput(exit.stderr, exit.stdout),
    ...(why !== undefined ? { reason: why } : {}),
  };
  return { answer, run };
}

/**
 * A hook that did not run (not approved, refused by a rule, no sandbox, its input too large):
 * recorded as `not_run` with why, or, where `failClosed` and the event stops a call before it
 * happens, as `blocked`.
 */
export function hookNotRun(
  hook: HookDefinition,
  reason: string,
  options: { readonly toolName?: string; readonly failClosed?: boolean } = {},
): HookReading {
  const blocks = options.failClosed === true && failsClosed(hook.event);
  const answer: HookAnswer = blocks ? { decision: 'block', reason } : { decision: 'none' };
  return {
    answer,
    run: {
      hookId: hook.id,
      source: hook.source,
      event: hook.event,
      command: hook.command,
      ...(options.toolName !== undefined ? { toolName: options.toolName } : {}),
      outcome: blocks ? 'blocked' : 'not_run',
      exitCode: null,
      ms: 0,
      output: '',
      reason,
    },
  };
}
