// How one hook run reads as a step of a conversation, in the app's step list, the terminal
// session and `sluice ask`: whose hook, which event, the command, what came of it, how long it
// took, then the first lines it printed. "Hook (yours) PreToolUse on run_command · `./lint.sh` ·
// blocked (exit 2) · 0.4 s". Plain text, the hook's own output unescaped: each screen escapes it
// for its medium (React in the app, terminal-safe-text.ts on a terminal).
import type { HookOutcome, HookRun } from './hooks';
import { missingCase } from './missing-case';
import type { StepTone } from './step-view';

export interface HookStepWords {
  readonly tone: StepTone;
  readonly icon: string;
  /** The step's one line. */
  readonly line: string;
  /** The first lines of its reason and output, each at most LINE_CHARS long. */
  readonly lines: readonly string[];
}

/** How many lines of a run's output a step shows, and how long each may be. */
export const HOOK_STEP_LINES = 4;
const LINE_CHARS = 200;
const COMMAND_CHARS = 80;

const ICONS: Record<HookOutcome, string> = {
  passed: '✓',
  blocked: '⊘',
  asked: '?',
  failed: '✕',
  timed_out: '✕',
  not_run: '–',
};

const TONES: Record<HookOutcome, StepTone> = {
  passed: 'ok',
  blocked: 'denied',
  asked: 'waiting',
  failed: 'error',
  timed_out: 'error',
  not_run: 'rejected',
};

/** "yours" or "the project's". */
export function hookOwnerWords(source: HookRun['source']): string {
  return source === 'person' ? 'yours' : "the project's";
}

/** "0.4 s", "12 s", "1 min 5 s". */
export function hookDurationWords(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function exitWords(run: HookRun): string {
  return run.exitCode === null ? '' : ` (exit ${run.exitCode})`;
}

/** What came of the run, in words. */
export function hookOutcomeWords(run: HookRun): string {
  switch (run.outcome) {
    case 'passed':
      return `passed${exitWords(run)}`;
    case 'blocked':
      return `blocked${exitWords(run)}`;
    case 'asked':
      return 'asked for your approval';
    case 'failed':
      return `failed${exitWords(run)}, did not block`;
    case 'timed_out':
      return 'timed out, did not block';
    case 'not_run':
      return `not run${run.reason ? `: ${firstLine(run.reason)}` : ''}`;
    default:
      return missingCase(run.outcome);
  }
}

function firstLine(text: string): string {
  return clip(
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '',
    LINE_CHARS,
  );
}

function nonBlankLines(text: string | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim());
}

/**
 * The hooks' message to the person, the reason (unless the line says it already), then the
 * output, without repeats.
 */
function detailLines(run: HookRun, message: string | undefined): string[] {
  const lines: string[] = [];
  const reason = run.outcome === 'not_run' ? [] : nonBlankLines(run.reason);
  for (const line of [...nonBlankLines(message), ...reason, ...nonBlankLines(run.output)]) {
    const clipped = clip(line, LINE_CHARS);
    if (!lines.includes(clipped)) lines.push(clipped);
    if (lines.length === HOOK_STEP_LINES) break;
  }
  return lines;
}

/** The step of one hook run, as every screen shows it; `message`: the hooks' word to the person. */
export function hookStepWords(run: HookRun, message?: string): HookStepWords {
  const about = run.toolName ? ` on ${run.toolName}` : '';
  const command = clip(firstLine(run.command) || '(no command)', COMMAND_CHARS);
  const parts = [
    `Hook (${hookOwnerWords(run.source)}) ${run.event}${about}`,
    `\`${command}\``,
    hookOutcomeWords(run),
  ];
  if (run.outcome !== 'not_run') parts.push(hookDurationWords(run.ms));
  return {
    tone: TONES[run.outcome],
    icon: ICONS[run.outcome],
    line: parts.join(' · '),
    lines: detailLines(run, message),
  };
}

/** A run the person should look at: it failed or timed out (a block is the hook's own answer). */
export function hookRunIsProblem(run: HookRun): boolean {
  return run.outcome === 'failed' || run.outcome === 'timed_out';
}
