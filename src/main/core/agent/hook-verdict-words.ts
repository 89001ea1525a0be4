// What a hook's verdict tells the model and the person, in words that say whose hook decided:
// "the person's PreToolUse hook `./no-rm.sh` blocked this call". The person reads "your" hook;
// the model reads "the person's" (or "the project's", a hook of `.sluice/hooks.json` the person
// approved). The hook's own reason is quoted as it said it.
import type { HookEvent, HookOutcome, HookRun } from '../../../shared/hooks';
import type { HookVerdict } from '../hooks/hooks-port';

const COMMAND_CHARS = 80;

function commandText(command: string): string {
  const line = command.split('\n')[0]?.trim() ?? '';
  return line.length > COMMAND_CHARS ? `${line.slice(0, COMMAND_CHARS - 1)}…` : line;
}

/** The runs that said it: those with `outcome`, else every run that ran. */
function deciders(verdict: HookVerdict, outcome?: HookOutcome): readonly HookRun[] {
  const named = outcome ? verdict.runs.filter((r) => r.outcome === outcome) : [];
  if (named.length) return named;
  const ran = verdict.runs.filter((r) => r.outcome !== 'not_run');
  return ran.length ? ran : verdict.runs;
}

/**
 * "the person's PreToolUse hook `./a.sh`" for the model, "your PreToolUse hook `./a.sh`" for the
 * person; several hooks are named together.
 */
export function whoseHook(
  verdict: HookVerdict,
  event: HookEvent,
  reader: 'model' | 'person',
  outcome?: HookOutcome,
): string {
  const runs = deciders(verdict, outcome);
  const sources = new Set(runs.map((r) => r.source));
  const person = reader === 'model' ? "the person's" : 'your';
  const owner =
    sources.size > 1
      ? `${person} and the project's`
      : sources.has('project')
        ? "the project's"
        : person;
  const commands = [...new Set(runs.map((r) => `\`${commandText(r.command)}\``))];
  const noun = commands.length > 1 ? 'hooks' : 'hook';
  return `${owner} ${event} ${noun}${commands.length ? ` ${commands.join(', ')}` : ''}`;
}

/** " Its reason: …" or "" when the hook gave none. */
export function reasonWords(reason: string | undefined, plural = false): string {
  const text = reason?.trim();
  return text ? ` ${plural ? 'Their' : 'Its'} reason: ${text}` : '';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The tool result of a call a PreToolUse hook blocked. */
export function blockedCallWords(verdict: HookVerdict, toolName: string): string {
  return `Not run: ${whoseHook(verdict, 'PreToolUse', 'model', 'blocked')} blocked this call of ${toolName}.${reasonWords(verdict.reason)}`;
}

/** What the person reads of that call: whose hook blocked it; its reason is on the hook's step. */
export function blockedCallShown(verdict: HookVerdict): string {
  return `Not run: blocked by ${whoseHook(verdict, 'PreToolUse', 'person', 'blocked')}.`;
}

/** What the person reads of a call a hook wanted asked where nobody can be asked about it. */
export function unaskableCallShown(verdict: HookVerdict): string {
  return `Not run: ${whoseHook(verdict, 'PreToolUse', 'person', 'asked')} asked for your approval, and Sluice asks only about file changes, commands and MCP calls.`;
}

/** The tool result of a call a hook wanted asked where nobody can be asked about it. */
export function unaskableCallWords(verdict: HookVerdict, toolName: string): string {
  return `Not run: ${whoseHook(verdict, 'PreToolUse', 'model', 'asked')} asked for the person's approval of this call of ${toolName}, and Sluice asks the person only about file changes, commands and MCP tool calls, so it was not run.${reasonWords(verdict.reason)}`;
}

/** Why the person is asked (the approval card's reason) when a PreToolUse hook asked for it. */
export function hookAskWords(verdict: HookVerdict): string {
  return `${whoseHook(verdict, 'PreToolUse', 'person', 'asked')} asks you to decide this call${verdict.reason?.trim() ? `: ${verdict.reason.trim()}` : ''}`;
}

/** Added to a tool's result after PostToolUse: a hook's block and its context, for the model. */
export function afterCallWords(verdict: HookVerdict): string {
  const parts: string[] = [];
  if (verdict.decision === 'block')
    parts.push(
      `${capitalised(whoseHook(verdict, 'PostToolUse', 'model', 'blocked'))} objected to this result (the tool had already run).${reasonWords(verdict.reason)}`,
    );
  const context = verdict.additionalContext?.trim();
  if (context)
    parts.push(`Context from ${whoseHook(verdict, 'PostToolUse', 'model')}:\n${context}`);
  return parts.join('\n\n');
}

/** Context a SessionStart or UserPromptSubmit hook adds to the person's message. */
export function addedContextWords(verdict: HookVerdict, event: HookEvent): string | null {
  const context = verdict.additionalContext?.trim();
  return context ? `Context from ${whoseHook(verdict, event, 'model')}:\n${context}` : null;
}

/** What the person reads when a UserPromptSubmit hook blocked their prompt. */
export function blockedPromptWords(verdict: HookVerdict): string {
  return `${capitalised(whoseHook(verdict, 'UserPromptSubmit', 'person', 'blocked'))} blocked this prompt; nothing was sent to Claude.${reasonWords(verdict.reason)}`;
}

/** What the person reads when a hook answered `continue: false`. */
export function stoppedTurnWords(verdict: HookVerdict, event: HookEvent): string {
  return `${capitalised(whoseHook(verdict, event, 'person'))} stopped the turn.${reasonWords(verdict.stop?.reason)}`;
}

/** The user message that sends a Stop hook's reason back to the model. */
export function stopFeedbackWords(verdict: HookVerdict): string {
  return `${capitalised(whoseHook(verdict, 'Stop', 'model', 'blocked'))} did not let the turn end yet.${reasonWords(verdict.reason)}\nContinue the work accordingly.`;
}

/** What the person reads when Stop hooks kept the turn going as often as they may. */
export function stopLimitWords(verdict: HookVerdict, limit: number): string {
  return `${capitalised(whoseHook(verdict, 'Stop', 'person', 'blocked'))} kept the turn going ${limit} times; Sluice ended it here so it cannot run on without end.${reasonWords(verdict.reason)}`;
}
